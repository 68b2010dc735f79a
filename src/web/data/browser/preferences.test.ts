import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hiddenColumnsStorageKey,
  readHiddenColumns,
  readShownColumns,
  writeHiddenColumns,
  writeShownColumns,
} from './preferences.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hidden columns', () => {
  it('round-trips per user under adscout.columns.<userId>', () => {
    writeHiddenColumns('u1', ['body', 'caption', 'body']);
    expect(storage.getItem('adscout.columns.u1')).toBe('["body","caption"]');
    expect(hiddenColumnsStorageKey('u1')).toBe('adscout.columns.u1');
    expect(readHiddenColumns('u1')).toEqual(['body', 'caption']);
    expect(readHiddenColumns('u2')).toEqual([]);
  });
  it('keeps the columns hidden by default that were shown apart, under adscout.columns.shown.<userId>', () => {
    writeHiddenColumns('u1', ['body']);
    writeShownColumns('u1', ['creative_text']);
    expect(storage.getItem('adscout.columns.shown.u1')).toBe('["creative_text"]');
    expect([readHiddenColumns('u1'), readShownColumns('u1'), readShownColumns('u2')]).toEqual([
      ['body'],
      ['creative_text'],
      [],
    ]);
    writeShownColumns('u1', []);
    expect(storage.getItem('adscout.columns.shown.u1')).toBeNull();
  });
  it('forgets the key when nothing is hidden', () => {
    writeHiddenColumns('u1', ['body']);
    writeHiddenColumns('u1', []);
    expect(storage.getItem('adscout.columns.u1')).toBeNull();
  });
  it('reads broken or foreign values as nothing hidden', () => {
    for (const raw of ['{not json', '"body"', '{"body":true}', 'null', '42']) {
      storage.setItem('adscout.columns.u1', raw);
      expect(readHiddenColumns('u1')).toEqual([]);
    }
    storage.setItem('adscout.columns.u1', JSON.stringify(['body', 7, null, '', { x: 1 }, 'country']));
    expect(readHiddenColumns('u1')).toEqual(['body', 'country']);
  });
  it('survives storage that throws', () => {
    vi.stubGlobal('localStorage', {
      getItem() {
        throw new Error('denied');
      },
      setItem() {
        throw new Error('full');
      },
      removeItem() {
        throw new Error('denied');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readHiddenColumns('u1')).toEqual([]);
    expect(() => writeHiddenColumns('u1', ['body'])).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
