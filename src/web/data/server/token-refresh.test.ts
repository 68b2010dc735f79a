import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/text/format.ts';
import { TOKEN_REFRESH_MARGIN_MS, tokenNeedsRefresh } from './token-refresh.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const exp = (msFromNow: number) => (now + msFromNow) / 1000;

describe('tokenNeedsRefresh', () => {
  it('leaves a fresh token alone', () => {
    expect(tokenNeedsRefresh(exp(7 * DAY_MS), now)).toBe(false);
    expect(tokenNeedsRefresh(exp(TOKEN_REFRESH_MARGIN_MS + 1000), now)).toBe(false);
  });
  it('renews a token inside the margin', () => {
    expect(tokenNeedsRefresh(exp(TOKEN_REFRESH_MARGIN_MS - 1000), now)).toBe(true);
    expect(tokenNeedsRefresh(exp(60_000), now)).toBe(true);
  });
  it('cannot renew an expired or unreadable token', () => {
    expect(tokenNeedsRefresh(exp(-1000), now)).toBe(false);
    expect(tokenNeedsRefresh(undefined, now)).toBe(false);
    expect(tokenNeedsRefresh(Number.NaN, now)).toBe(false);
  });
});
