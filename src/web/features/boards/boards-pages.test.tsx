/**
 * The boards pages (boards-page.tsx, board-page.tsx), in Chromium, over stand-in data modules:
 * a card per board with its count; deleting says how many ads go; a board's ads filtered by text
 * and label, sorted by winning score, a note edited in place, a removal; sharing said to need a
 * connection offline.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { SearchResult } from '../../../domain/index.ts';
import { ToastProvider } from '../../components/toast.tsx';
import type { BoardSummary, LocalBoard, LocalBoardItem } from '../../data/local/boards.ts';
import { BoardPage } from './board-page.tsx';
import { BoardsPage } from './boards-page.tsx';

const data = vi.hoisted(() => ({
  summaries: [] as BoardSummary[],
  board: null as LocalBoard | null,
  items: [] as LocalBoardItem[],
  rows: new Map<string, SearchResult>(),
  online: 'online' as 'online' | 'offline',
  deleteBoard: vi.fn<(id: string) => Promise<void>>(),
  changeItem: vi.fn<(id: string, changes: object) => Promise<void>>(),
  removeItems: vi.fn<(ids: string[]) => Promise<void>>(),
}));
vi.mock('../../data/local/boards.ts', () => ({
  useBoardSummaries: () => data.summaries,
  useLocalBoards: () => (data.board ? [data.board] : []),
  useBoard: () => ({ board: data.board, items: data.items }),
  useAdRows: () => data.rows,
  createBoard: vi.fn(),
  changeBoard: vi.fn(),
  deleteBoard: data.deleteBoard,
  changeItem: data.changeItem,
  removeItems: data.removeItems,
  moveItems: vi.fn(),
  copyItems: vi.fn(),
}));
vi.mock('../../data/local/creative-index.ts', () => ({
  useArchivedCreative: () => undefined,
  archivedCreative: () => undefined,
}));
vi.mock('../../data/browser/connectivity.ts', () => ({ useConnectivity: () => data.online }));

const board = (id: string, name: string): LocalBoard => ({
  id,
  user: 'u',
  name,
  description: '',
  share_token: '',
  share_notes: false,
  created: '2026-11-20 08:00:00.000Z',
  updated: '2026-11-20 08:00:00.000Z',
});
const item = (id: string, adId: string, added: string, labels: string[] = [], note = ''): LocalBoardItem => ({
  id,
  board: 'b1',
  user: 'u',
  ad_id: adId,
  creative: '',
  note,
  labels,
  added,
  created: added,
  updated: added,
});
const row = (adId: string, title: string, score: number) =>
  ({
    id: `r-${adId}`,
    ad_id: adId,
    title,
    store_name: 'Luna',
    winning_score: score,
    body: '',
    caption: '',
  }) as SearchResult;

beforeEach(() => {
  data.summaries = [
    { board: board('b1', 'Hooks'), count: 3, cover: [], changed: '2026-11-20 08:00:00.000Z' },
    { board: board('b2', 'Empty'), count: 0, cover: [], changed: '' },
  ];
  data.board = board('b1', 'Hooks');
  data.items = [
    item('i1', 'ad1', '2026-11-22 08:00:00.000Z', ['ugc'], 'great hook'),
    item('i2', 'ad2', '2026-11-21 08:00:00.000Z'),
    item('i3', 'ad3', '2026-11-20 08:00:00.000Z', ['ugc']),
  ];
  data.rows = new Map([
    ['ad1', row('ad1', 'Lamp one', 10)],
    ['ad2', row('ad2', 'Lamp two', 90)],
    ['ad3', row('ad3', 'Chair', 50)],
  ]);
  data.online = 'online';
  data.deleteBoard.mockReset().mockResolvedValue(undefined);
  data.changeItem.mockReset().mockResolvedValue(undefined);
  data.removeItems.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  render(
    <ToastProvider describeError={() => 'failed'}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/boards" element={<BoardsPage />} />
          <Route path="/app/boards/:id" element={<BoardPage />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
}

const titles = () =>
  screen.getAllByTestId('board-item').map((card) => card.querySelector('.board-item-title')?.textContent);

describe('/app/boards', () => {
  it('shows a card per board with its count, and deleting one says how many ads go', async () => {
    renderAt('/app/boards');
    const cards = screen.getAllByTestId('board-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Hooks', 'Empty']);
    expect(cards[0]?.textContent).toContain('3 ads');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete the board “Hooks”? Its 3 ads will be removed from it. The ads stay in your database.',
    );
    expect(data.deleteBoard).toHaveBeenCalledWith('b1');
  });
});

describe('/app/boards/:id', () => {
  it('shows the ads newest first, by winning score, and filtered by text and label', async () => {
    renderAt('/app/boards/b1');
    expect(screen.getByRole('heading', { level: 1, name: 'Hooks' })).toBeTruthy();
    expect(titles()).toEqual(['Lamp one', 'Lamp two', 'Chair']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'score');
    expect(titles()).toEqual(['Lamp two', 'Chair', 'Lamp one']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Label' }), 'ugc');
    expect(titles()).toEqual(['Chair', 'Lamp one']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search this board' }), 'great');
    expect(titles()).toEqual(['Lamp one']);
  });

  it('saves a note edited in place when the field is left, and removes an ad', async () => {
    renderAt('/app/boards/b1');
    const note = screen.getByRole('textbox', { name: 'Note on Lamp two' });
    await userEvent.type(note, 'calm voice');
    await userEvent.keyboard('{Tab}');
    expect(data.changeItem).toHaveBeenCalledWith('i2', { note: 'calm voice' });
    const labels = screen.getByRole('textbox', { name: 'Labels of Lamp two, separated by commas' });
    await userEvent.type(labels, ' ugc, hook , ugc');
    await userEvent.keyboard('{Tab}');
    expect(data.changeItem).toHaveBeenCalledWith('i2', { labels: ['ugc', 'hook'] });
    const card = screen.getAllByTestId('board-item')[2]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(data.removeItems).toHaveBeenCalledWith(['i3']);
  });

  it('says sharing needs a connection while offline', () => {
    data.online = 'offline';
    renderAt('/app/boards/b1');
    const share = screen.getByTestId('share-panel');
    expect(share.textContent).toContain('Offline: Sharing needs a connection to the server.');
    expect(within(share).queryByRole('button')).toBeNull();
  });
});
