/**
 * The AI page (ai-page.tsx) in Chromium over a stand-in of its worker's answer: the four tables,
 * tags by label linking to the Database filtered to them, the text read shown as text, and no
 * word of what might come.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeAiInsights, DAY_MS, ROUTES, toPbDate, type AiRow } from '../../../domain/index.ts';
import type { AiInsightsState } from './use-ai-insights.ts';

const data = vi.hoisted(() => ({ state: null as unknown as AiInsightsState }));
vi.mock('./use-ai-insights.ts', () => ({ useAiInsights: () => data.state }));

const { AiPage } = await import('./ai-page.tsx');

afterEach(cleanup);

const NOW = Date.now();
const row = (id: string, part: Partial<AiRow>): AiRow => ({
  id,
  ad_id: id,
  store_name: `Store ${id}`,
  country: 'DE',
  tags: [],
  days_running: 40,
  winning_score: 90,
  start_date: toPbDate(NOW - 3 * DAY_MS),
  created: toPbDate(NOW - DAY_MS),
  creative: '',
  ...part,
});

function show(state: Partial<AiInsightsState>) {
  data.state = { insights: null, computing: false, computedAt: NOW, failed: null, ...state };
  render(
    <MemoryRouter>
      <AiPage />
    </MemoryRouter>,
  );
}

describe('AiPage', () => {
  it('shows hooks and offers by label, each opening the Database filtered to it, and the other tables', () => {
    const insights = computeAiInsights(
      [
        row('a', { tags: ['offer:free_shipping', 'lang:de'], creative: 'c1' }),
        row('b', { tags: ['offer:free_shipping', 'hook:urgency', 'lang:de'], country: 'FR' }),
      ],
      [{ id: 'c1', text: '<b>Gratis Versand</b>' }],
      NOW,
    );
    show({ insights });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AI Features');
    const shipping = screen.getAllByRole('link', { name: /^Free shipping: open its ads/ })[0]!;
    expect(shipping.getAttribute('href')).toBe(`${ROUTES.database.path}?tag=offer%3Afree_shipping`);
    expect(screen.getByTestId('ai-tags').textContent).toContain('Urgency');
    expect(screen.getByTestId('ai-headlines').textContent).toContain('<b>Gratis Versand</b>');
    expect(screen.getByTestId('ai-headlines').querySelector('b')).toBeNull();
    expect(screen.getByTestId('ai-countries').textContent).toContain('FR');
    expect(screen.getByTestId('ai-languages').textContent).toContain('Language: Deutsch');
    expect(document.body.textContent).not.toMatch(/coming soon/i);
  });

  it('says it is computing before the first answer, and what is missing with no ads', () => {
    show({ computing: true, computedAt: null });
    expect(screen.getByRole('status').textContent).toBe('Computing from your results…');
    cleanup();
    show({ insights: computeAiInsights([], [], NOW) });
    expect(screen.getByText('No ads yet: scout some and their hooks and offers show here.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon/i);
  });
});
