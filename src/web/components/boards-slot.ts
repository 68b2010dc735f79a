/**
 * Where the other pages show "Save to board" (docs/boards.md#in-the-app): the ad detail view's
 * boards section, and the button that saves a list of ads (the Database page's rows, a product's
 * ads in Insights). The render functions are given by the app's shell (app-layout.tsx), which
 * takes them from the boards feature: components and features never import another feature.
 * Without a provider, nothing is shown.
 */
import { createContext, type ReactNode } from 'react';

export interface AdBoardsProps {
  /** The ad's Library ID. */
  adId: string;
  /** The id of the heading that labels the section, made by the detail view. */
  headingId: string;
}

export interface SaveAdsButtonProps {
  /** The Library IDs to save, read when the button is pressed (the rows shown then). */
  adIds: () => string[] | Promise<string[]>;
  /** The button's words ("Save to board" when absent). */
  label?: string;
  /** Its accessible name, when the words alone do not say what is saved. */
  ariaLabel?: string;
}

export interface BoardsSlotValue {
  adBoards: (props: AdBoardsProps) => ReactNode;
  saveAdsButton: (props: SaveAdsButtonProps) => ReactNode;
}

export const BoardsSlot = createContext<BoardsSlotValue | null>(null);
