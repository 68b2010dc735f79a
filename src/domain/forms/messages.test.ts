import { describe, expect, it } from 'vitest';
import {
  notEnoughResultsMessage,
  scoutCompletedMessage,
  subscriptionSyncedMessage,
  syncingResultsMessage,
} from './messages.ts';

describe('messages with values', () => {
  it('fill in their numbers and names', () => {
    expect(scoutCompletedMessage(42)).toBe('Scout completed! Found 42 ads.');
    expect(subscriptionSyncedMessage('Yearly Subscription')).toBe(
      'Subscription synced! Your Yearly Subscription plan is now active.',
    );
    expect(syncingResultsMessage(12345)).toBe('Syncing your results… 12,345 received');
    expect(notEnoughResultsMessage(3, 100)).toBe(
      "You don't have enough results! You have 3 results available, but requested 100.",
    );
  });
});
