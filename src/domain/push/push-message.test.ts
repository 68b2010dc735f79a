import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../forms/messages.ts';
import { pushPayload, runFinishedPush, runLink, type PushMessage } from './push-message.ts';
import { PUSH_PAYLOAD_MAX_BYTES, utf8Length } from './push-rules.ts';

const base: PushMessage = {
  kind: 'run',
  title: 'AdScout',
  body: 'Lamps: 3 new ads',
  url: '/app/history?run=abc',
  tag: 'run-abc',
};

describe('pushPayload', () => {
  it('is the JSON the service worker reads', () => {
    expect(JSON.parse(pushPayload({ ...base, run: 'abc' }))).toEqual({ ...base, run: 'abc' });
  });

  it('cuts a long body to fit the 4 KB a push service takes, whatever its characters', () => {
    for (const char of ['a', 'é', '😀']) {
      const payload = pushPayload({ ...base, title: char.repeat(500), body: char.repeat(5000) });
      expect(utf8Length(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
      const parsed = JSON.parse(payload) as PushMessage;
      expect(parsed.body.endsWith('…')).toBe(true);
      expect(Array.from(parsed.title).length).toBeLessThanOrEqual(100);
    }
  });

  it('opens pages of our own origin only, and takes only tags a push service takes', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'app',
    ]) {
      expect(() => pushPayload({ ...base, url })).toThrow();
    }
    for (const tag of ['', 'a b', 'x'.repeat(33), 'run/1']) {
      expect(() => pushPayload({ ...base, tag })).toThrow();
    }
  });
});

describe('runFinishedPush', () => {
  it('names the run, says what the toast says, and opens it in History', () => {
    const done = runFinishedPush({ id: 'r1', search_name: 'Posture US', status: 'completed', new_count: 14 });
    expect(done).toMatchObject({ kind: 'run', url: runLink('r1'), tag: 'run-r1', run: 'r1' });
    expect(done.body).toContain('Posture US');
    const failed = runFinishedPush({ id: 'r2', search_name: 'Posture US', status: 'failed', new_count: 0 });
    expect(failed.body).toBe(`Posture US: ${MESSAGES.scrapeFailed}`);
  });
});
