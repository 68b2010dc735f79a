/**
 * What the local-first benchmark reads in the page beside the app, as its same-run references:
 * all of a user's results over REST (as the product's original client fetched them on every visit), the
 * raw IndexedDB reads of the Database page's rows without Dexie, and the storage a sync took.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { directorySize, type BrowserSession } from './browser.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { collectionRoute } from '../../fixtures/route-paths.ts';

/** Fetches every result of the user over REST as the product's original client did; returns ms and rows. */
export function restFetchAll(page: Page, userId: string): Promise<{ ms: number; rows: number }> {
  const records = collectionRoute(COLLECTIONS.searchResults, 'records');
  return page.evaluate(
    async ({ userId, records }) => {
      const { token } = JSON.parse(window.localStorage.getItem('pocketbase_auth') ?? '{}') as {
        token?: string;
      };
      if (!token) throw new Error('no session in localStorage');
      const started = performance.now();
      let rows = 0;
      for (let pageNo = 1; ; pageNo++) {
        const query = new URLSearchParams({
          page: String(pageNo),
          perPage: '1000',
          sort: '-created',
          filter: `user = "${userId}"`,
          skipTotal: '1',
        });
        const response = await fetch(`${records}?${query}`, {
          headers: { Authorization: token },
        });
        if (!response.ok) throw new Error(`REST page ${pageNo}: HTTP ${response.status}`);
        const body = (await response.json()) as { items: unknown[] };
        rows += body.items.length;
        if (body.items.length < 1000) break;
      }
      return { ms: performance.now() - started, rows };
    },
    { userId, records },
  );
}

export async function storageSize(
  session: BrowserSession,
): Promise<{ indexedDb: number | null; usage: number; disk: number }> {
  const estimate = await session.page.evaluate(async () => {
    const value = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number };
    };
    return { usage: value.usage ?? 0, indexedDb: value.usageDetails?.indexedDB ?? null };
  });
  return { ...estimate, disk: await directorySize(join(session.profileDir, 'Default', 'IndexedDB')) };
}

export interface RawReads {
  /** The runs, then the newest run's record of rows: what the first rows need from IndexedDB. */
  newest: number;
  /** Every record of rows in one getAll. */
  all: number;
  rows: number;
}

/**
 * The same-page reference of the Database page's reads: the user's IndexedDB opened with the raw
 * API (no Dexie), then the runs and the newest run's record of rows, then every record of rows in
 * one getAll; each read in its own transaction, the rows counted so nothing is skipped.
 */
export function rawIndexedDbReads(page: Page, userId: string): Promise<RawReads> {
  // No named function literals in here (tsx keepNames would wrap them in a helper the page lacks).
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error(`could not open ${name}`));
    });
    try {
      let started = performance.now();
      const runs = await new Promise<Array<{ id: string; created: string }>>((resolve, reject) => {
        const request = db.transaction('runs', 'readonly').objectStore('runs').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('could not read the runs'));
      });
      const newestRun = runs.reduce((a, b) => (a.created >= b.created ? a : b));
      const record = await new Promise<{ rows: unknown[] } | undefined>((resolve, reject) => {
        const request = db.transaction('results', 'readonly').objectStore('results').get(newestRun.id);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('could not read the newest rows'));
      });
      const newest = performance.now() - started;
      if (!record?.rows.length) throw new Error('the newest run has no rows in IndexedDB');
      started = performance.now();
      const records = await new Promise<Array<{ rows: unknown[] }>>((resolve, reject) => {
        const request = db.transaction('results', 'readonly').objectStore('results').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('could not read the rows'));
      });
      const all = performance.now() - started;
      return { newest, all, rows: records.reduce((sum, r) => sum + r.rows.length, 0) };
    } finally {
      db.close();
    }
  }, `adscout-user-${userId}`);
}

/** Where loadFilterReference keeps the rows for timePlainFilter, in the page. */
interface PlainFilterWindow {
  __plainFilterRows?: Array<{ store_name?: unknown }>;
}

/**
 * Keeps every row of the user's IndexedDB (raw API, not timed) in the page, for timePlainFilter:
 * the same rows the grid holds, in the same heap. Returns how many.
 */
export function loadFilterReference(page: Page, userId: string): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error(`could not open ${name}`));
    });
    try {
      const records = await new Promise<Array<{ rows: Array<{ store_name?: unknown }> }>>(
        (resolve, reject) => {
          const request = db.transaction('results', 'readonly').objectStore('results').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('could not read the rows'));
        },
      );
      const rows = records.flatMap((record) => record.rows);
      (window as unknown as PlainFilterWindow).__plainFilterRows = rows;
      return rows.length;
    } finally {
      db.close();
    }
  }, `adscout-user-${userId}`);
}

/**
 * The filter keystroke's same-page reference: the plainest filter pass over the same rows with
 * the input's text, as code without the grid would run it on each keystroke (each store name
 * lowercased and searched; nothing cached); returns its ms and the rows that passed.
 */
export function timePlainFilter(page: Page, text: string): Promise<{ ms: number; passed: number }> {
  return page.evaluate((typed) => {
    const rows = (window as unknown as PlainFilterWindow).__plainFilterRows;
    if (!rows) throw new Error('loadFilterReference was not called');
    const started = performance.now();
    const needle = typed.trim().toLowerCase();
    const passed = rows.filter((row) =>
      String(row.store_name ?? '')
        .toLowerCase()
        .includes(needle),
    );
    return { ms: performance.now() - started, passed: passed.length };
  }, text);
}
