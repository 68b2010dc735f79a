/**
 * Move and copy on a board's page (board-page.tsx's one BoardChoice select; docs/boards.md#in-the-app),
 * in Chromium, through the real local data: src/web/data/local/boards.ts writes to a Dexie
 * database in the browser's IndexedDB and queues its entries with the real outbox's `queue`
 * (sync/outbox.ts). The outbox is not flushed here, as offline: what the page stored and queued
 * is what is checked; the entries' pushes are board-outbox.test.ts's.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { ToastProvider } from '../../components/toast.tsx';
import {
  openLocalDb,
  type LocalBoardItem,
  type LocalDb,
  type OutboxItem,
} from '../../data/local/local-db.ts';
import { createOutbox, type OutboxOptions } from '../../data/local/sync/outbox.ts';
import { createSyncStatus } from '../../data/local/sync/status.ts';
import { BoardPage } from './board-page.tsx';

/** The binding boards.ts reads (local-data.ts's, which needs a session and a server). */
const local = vi.hoisted(() => ({
  binding: null as null | {
    userId: string;
    db: LocalDb;
    engine: { queueBoardChange: <T>(store: (db: LocalDb) => Promise<T>) => Promise<T> };
  },
}));
vi.mock('../../data/local/local-data.ts', () => ({
  currentBinding: () => local.binding,
  useLocalDb: () => local.binding?.db ?? null,
  localDbOf: (userId: string) => (local.binding?.userId === userId ? local.binding.db : null),
}));
vi.mock('../../data/browser/connectivity.ts', () => ({ useConnectivity: () => 'online' }));

const USER = 'u1';
const STAMP = '2026-11-20 08:00:00.000Z';
let db: LocalDb;
let dbCount = 0;

const board = (id: string, name: string) => ({
  id,
  user: USER,
  name,
  description: '',
  share_token: '',
  share_notes: false,
  created: STAMP,
  updated: STAMP,
});
const item = (
  id: string,
  boardId: string,
  adId: string,
  added: string,
  over: Partial<LocalBoardItem> = {},
) => ({
  id,
  board: boardId,
  user: USER,
  ad_id: adId,
  creative: '',
  note: '',
  labels: [],
  added,
  created: added,
  updated: added,
  ...over,
});

beforeEach(async () => {
  db = openLocalDb(`board-move-copy-${Date.now()}-${++dbCount}`);
  await db.boards.bulkAdd([board('hooks', 'Hooks'), board('summer', 'Summer')]);
  await db.boardItems.bulkAdd([
    item('i1', 'hooks', 'ad1', '2026-11-22 08:00:00.000Z', { note: 'great hook', labels: ['ugc'] }),
    item('i2', 'hooks', 'ad2', '2026-11-21 08:00:00.000Z'),
    item('i3', 'hooks', 'ad3', '2026-11-20 08:00:00.000Z'),
    // Summer holds ad3 already
    item('s3', 'summer', 'ad3', '2026-11-19 08:00:00.000Z', { note: 'kept there' }),
  ]);
  await db.results.put({
    run: 'run1',
    rows: [
      resultRow('r1', { ad_id: 'ad1', title: 'Lamp one' }),
      resultRow('r2', { ad_id: 'ad2', title: 'Lamp two' }),
      resultRow('r3', { ad_id: 'ad3', title: 'Chair' }),
    ],
  });
  const outbox = createOutbox({
    pb: {} as OutboxOptions['pb'], // never flushed here: nothing reaches a server
    db,
    userId: USER,
    status: createSyncStatus(),
    isStopped: () => true,
    notify: () => {},
  });
  local.binding = {
    userId: USER,
    db,
    engine: { queueBoardChange: (store) => outbox.queue(() => store(db)) },
  };
});
afterEach(async () => {
  cleanup();
  local.binding = null;
  await db.delete();
});

function renderBoard(id: string) {
  cleanup();
  render(
    <ToastProvider describeError={() => 'failed'}>
      <MemoryRouter initialEntries={[`/app/boards/${id}`]}>
        <Routes>
          <Route path="/app/boards/:id" element={<BoardPage />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
}

/** The cards' titles, once the page shows `count` of them. */
async function titlesShown(count: number): Promise<string[]> {
  await vi.waitFor(() => expect(screen.queryAllByTestId('board-item')).toHaveLength(count));
  await vi.waitFor(() => expect(screen.getAllByTestId('board-item')[0]!.textContent).not.toContain('Ad ad'));
  return screen
    .getAllByTestId('board-item')
    .map((card) => card.querySelector('.board-item-title')?.textContent ?? '');
}

async function tick(title: string) {
  const card = screen.getAllByTestId('board-item').find((c) => c.textContent?.includes(title))!;
  await userEvent.click(within(card).getByRole('checkbox'));
}

const entries = async () =>
  (await db.outbox.toArray()).map((entry: OutboxItem) => {
    const { seq: _seq, queuedAt: _at, ...rest } = entry as OutboxItem & { queuedAt: number };
    return rest;
  });
const itemsOf = async (boardId: string) =>
  (await db.boardItems.where('board').equals(boardId).toArray())
    .map((i) => ({ id: i.id, ad_id: i.ad_id, note: i.note, labels: i.labels, pending: Boolean(i.pending) }))
    .sort((a, b) => (a.ad_id < b.ad_id ? -1 : 1));

describe('a board page’s Move to and Copy to', () => {
  it('moves the ticked ads: they leave this board for the other, one item.update each; one already there is only removed here', async () => {
    renderBoard('hooks');
    expect(await titlesShown(3)).toEqual(['Lamp one', 'Lamp two', 'Chair']);
    await tick('Lamp two');
    await tick('Chair');
    const selection = screen.getByRole('group', { name: 'Selected ads' });
    expect(selection.textContent).toContain('2 ads selected');
    await userEvent.selectOptions(within(selection).getByRole('combobox', { name: 'Move to' }), 'Summer');

    expect(await titlesShown(1)).toEqual(['Lamp one']);
    expect(await screen.findByText('Moved 2 ads to “Summer”')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Selected ads' })).toBeNull();
    expect(await itemsOf('hooks')).toEqual([
      { id: 'i1', ad_id: 'ad1', note: 'great hook', labels: ['ugc'], pending: false },
    ]);
    // the same item moved (its id kept); Summer's own ad3 left as it was
    expect(await itemsOf('summer')).toEqual([
      { id: 'i2', ad_id: 'ad2', note: '', labels: [], pending: true },
      { id: 's3', ad_id: 'ad3', note: 'kept there', labels: [], pending: false },
    ]);
    expect(await entries()).toEqual([
      { op: 'item.delete', board: 'hooks', itemId: 'i3' },
      {
        op: 'item.update',
        board: 'hooks',
        itemId: 'i2',
        changes: { board: 'summer' },
        baseUpdated: '2026-11-21 08:00:00.000Z',
      },
    ]);

    renderBoard('summer');
    expect(await titlesShown(2)).toEqual(['Lamp two', 'Chair']);
  });

  it('copies the ticked ads with their note and labels: they stay here and appear on the other board', async () => {
    renderBoard('hooks');
    expect(await titlesShown(3)).toEqual(['Lamp one', 'Lamp two', 'Chair']);
    await tick('Lamp one');
    await tick('Chair');
    const selection = screen.getByRole('group', { name: 'Selected ads' });
    await userEvent.selectOptions(within(selection).getByRole('combobox', { name: 'Copy to' }), 'Summer');

    expect(await screen.findByText('Copied 2 ads to “Summer”')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Selected ads' })).toBeNull();
    // nothing left this board
    expect(await titlesShown(3)).toEqual(['Lamp one', 'Lamp two', 'Chair']);
    expect((await itemsOf('hooks')).map((i) => [i.id, i.pending])).toEqual([
      ['i1', false],
      ['i2', false],
      ['i3', false],
    ]);
    // a new item of ad1 with its note and labels; ad3 is on Summer already and stays as it was
    const summer = await itemsOf('summer');
    const copy = summer.find((i) => i.ad_id === 'ad1')!;
    expect(copy.id).not.toBe('i1');
    expect(summer).toEqual([
      { id: copy.id, ad_id: 'ad1', note: 'great hook', labels: ['ugc'], pending: true },
      { id: 's3', ad_id: 'ad3', note: 'kept there', labels: [], pending: false },
    ]);
    expect(await entries()).toEqual([
      { op: 'items.create', board: 'summer', adIds: ['ad1'], itemIds: [copy.id] },
      {
        op: 'item.update',
        board: 'summer',
        itemId: copy.id,
        changes: { note: 'great hook', labels: ['ugc'] },
        baseUpdated: '',
      },
    ]);

    renderBoard('summer');
    expect(await titlesShown(2)).toEqual(['Lamp one', 'Chair']);
  });

  it('offers the other boards only', async () => {
    renderBoard('hooks');
    await titlesShown(3);
    await tick('Lamp one');
    const move = screen.getByRole('combobox', { name: 'Move to' });
    expect(
      within(move)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a board', 'Summer']);
  });
});
