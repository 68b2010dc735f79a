/**
 * Briefs in the app (brief-writer.tsx, brief-slots.tsx, briefs-status.tsx), in Chromium, over
 * stand-ins of the briefs' data module and the connectivity: "Write a brief" only while briefs are
 * on, how many are left, the server's refusal in its words, the model's text as text (never
 * markup), the stored briefs offline, and the AI page's card on and off.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { BRIEF_MESSAGES, type BriefsStatus as Status } from '../../../domain/briefs/brief-contract.ts';
import type { BriefRecord } from '../../../domain/records/entities.ts';
import type { BriefsStatusState } from '../../data/local/briefs.ts';
import { AdBriefSection, ProductBriefButton } from './brief-slots.tsx';
import { BriefsStatus } from './briefs-status.tsx';

const data = vi.hoisted(() => ({
  state: { status: 'loading' } as BriefsStatusState,
  stored: [] as BriefRecord[],
  connectivity: 'online' as 'online' | 'offline',
  write: vi.fn<(request: unknown) => Promise<BriefRecord>>(),
}));
vi.mock('../../data/local/briefs.ts', () => ({
  useBriefsStatus: () => data.state,
  useStoredBriefs: () => data.stored,
  writeNewBrief: data.write,
}));
vi.mock('../../data/browser/connectivity.ts', () => ({ useConnectivity: () => data.connectivity }));

const ON: Status = { enabled: true, allowance: 100, used: 3, left: 97 };

function brief(id: string, text: string): BriefRecord {
  return {
    id,
    created: '2026-11-28 18:00:00.000Z',
    updated: '2026-11-28 18:00:00.000Z',
    user: 'u',
    ad_id: 'ad1',
    product_key: '',
    product_name: '',
    language: 'de',
    text,
    model: 'brief-writer-small',
  };
}

beforeEach(() => {
  data.state = { status: 'ready', briefs: ON };
  data.stored = [];
  data.connectivity = 'online';
  data.write.mockReset();
});
afterEach(cleanup);

describe('the detail view’s Brief section', () => {
  it('offers "Write a brief" with how many are left, and asks for the ad', async () => {
    data.write.mockResolvedValue(brief('b1', 'Angle: x'));
    render(<AdBriefSection adId="ad1" headingId="h" />);
    expect(screen.getByRole('heading', { name: 'Brief' })).toBeTruthy();
    expect(screen.getByTestId('briefs-left').textContent).toBe('97 of 100 briefs left this month');
    await userEvent.click(screen.getByRole('button', { name: 'Write a brief for this ad' }));
    expect(data.write).toHaveBeenCalledWith({ ad_id: 'ad1' });
  });

  it('shows the server’s refusal in its own words', async () => {
    data.write.mockRejectedValue(new Error('no connection'));
    render(<AdBriefSection adId="ad1" headingId="h" />);
    await userEvent.click(screen.getByRole('button', { name: /Write a brief/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(BRIEF_MESSAGES.modelFailed);
  });

  it('shows the model’s text as text, never as markup', () => {
    data.stored = [brief('b1', 'Angle: <b>bold</b>\n<img src=x onerror=alert(1)>')];
    render(<AdBriefSection adId="ad1" headingId="h" />);
    const text = screen.getByTestId('brief-text');
    expect(text.textContent).toBe('Angle: <b>bold</b>\n<img src=x onerror=alert(1)>');
    expect(text.querySelector('b, img')).toBeNull();
    expect(screen.getByText(/Written .* · Deutsch · brief-writer-small/)).toBeTruthy();
  });

  it('is not there while briefs are off and the ad has none; its stored briefs show when it has', () => {
    data.state = { status: 'ready', briefs: { enabled: false, allowance: 0, used: 0, left: 0 } };
    const { rerender } = render(<AdBriefSection adId="ad1" headingId="h" />);
    expect(screen.queryByTestId('ad-brief')).toBeNull();
    data.stored = [brief('b1', 'Angle: kept')];
    rerender(<AdBriefSection adId="ad1" headingId="h" />);
    expect(screen.getByTestId('brief-text').textContent).toBe('Angle: kept');
    expect(screen.queryByRole('button', { name: /Write a brief/ })).toBeNull();
  });

  it('offline: the stored briefs show, and writing one says it needs the server', () => {
    data.connectivity = 'offline';
    data.stored = [brief('b1', 'Angle: offline')];
    render(<AdBriefSection adId="ad1" headingId="h" />);
    expect(screen.getByTestId('brief-text').textContent).toBe('Angle: offline');
    expect(screen.getByRole('button', { name: /Write a brief/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BRIEF_MESSAGES.offline)).toBeTruthy();
  });

  it('with the allowance used up, says so and writes none', () => {
    data.state = { status: 'ready', briefs: { ...ON, used: 100, left: 0 } };
    render(<AdBriefSection adId="ad1" headingId="h" />);
    expect(screen.getByRole('button', { name: /Write a brief/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BRIEF_MESSAGES.allowanceFull)).toBeTruthy();
  });
});

describe('a product’s Brief in Insights', () => {
  it('opens the product’s briefs and asks for its first rows', async () => {
    data.write.mockResolvedValue(brief('b2', 'Angle: y'));
    const rows = [
      'r00000000000001',
      'r00000000000002',
      'r00000000000003',
      'r00000000000004',
      'r00000000000005',
      'r00000000000006',
    ];
    render(<ProductBriefButton productKey="c:abc" productName="Lamp" rowIds={rows} />);
    await userEvent.click(screen.getByRole('button', { name: 'Briefs for Lamp' }));
    expect(screen.getByRole('dialog', { name: 'Brief: Lamp' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Write a brief for Lamp' }));
    expect(data.write).toHaveBeenCalledWith({ product_key: 'c:abc', row_ids: rows.slice(0, 5) });
  });

  it('is not there while briefs are off and the product has none', () => {
    data.state = { status: 'ready', briefs: { enabled: false, allowance: 0, used: 0, left: 0 } };
    render(<ProductBriefButton productKey="c:abc" productName="Lamp" rowIds={[]} />);
    expect(screen.queryByRole('button', { name: 'Briefs for Lamp' })).toBeNull();
  });
});

describe('the AI page’s Briefs card', () => {
  it('with briefs on, says what they are and how many are left', () => {
    render(<BriefsStatus />);
    expect(screen.getByTestId('briefs-status-left').textContent).toBe('97 of 100 briefs left this month.');
    expect(screen.getByTestId('briefs-status').textContent).toContain('the angle, the hook, the offer');
  });

  it('without, says the server’s operator can turn them on', () => {
    data.state = { status: 'ready', briefs: { enabled: false, allowance: 0, used: 0, left: 0 } };
    render(<BriefsStatus />);
    expect(screen.getByText(BRIEF_MESSAGES.off)).toBeTruthy();
    expect(screen.getByText(BRIEF_MESSAGES.offHint)).toBeTruthy();
    expect(screen.queryByTestId('briefs-status-left')).toBeNull();
  });
});
