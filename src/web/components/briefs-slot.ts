/**
 * Where the other pages show briefs (docs/ai.md#briefs): the ad detail view's Brief section and a
 * product's "Brief" in Insights. The render functions are given by the app's shell
 * (app-layout.tsx), which takes them from the AI feature: components and features never import
 * another feature. Without a provider, nothing is shown.
 */
import { createContext, type ReactNode } from 'react';

export interface AdBriefProps {
  /** The ad's Library ID. */
  adId: string;
  /** A prefix for the ids of the section's heading, made by the detail view. */
  headingId: string;
}

export interface ProductBriefProps {
  /** The product's key (src/domain/insights/product-keys.ts) and its name as the table shows it. */
  productKey: string;
  productName: string;
  /** Its rows (result ids): the brief quotes the first of them. */
  rowIds: readonly string[];
}

export interface BriefsSlotValue {
  /** The detail view's section: the ad's briefs and "Write a brief"; null when there is nothing to show. */
  adBrief: (props: AdBriefProps) => ReactNode;
  /** A product's button in Insights, which opens its briefs. */
  productBrief: (props: ProductBriefProps) => ReactNode;
}

export const BriefsSlot = createContext<BriefsSlotValue | null>(null);
