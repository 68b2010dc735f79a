/**
 * Where the ad detail view shows the ad's history (docs/ad-detail.md#ad-history): the function
 * that renders it is given by the app's shell (app-layout.tsx), which takes it from the Insights
 * feature, loaded only when a detail view opens. Components never import a feature; without a
 * provider the detail view has no history section.
 */
import { createContext, type ReactNode } from 'react';

export interface AdHistoryProps {
  /** The ad's Library ID. */
  adId: string;
  /** The id of the heading that labels the section, made by the detail view. */
  headingId: string;
}

/** Renders the history of an ad (a render function rather than a component: the slot never remounts it). */
export const AdHistorySlot = createContext<((props: AdHistoryProps) => ReactNode) | null>(null);
