import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../forms/messages.ts';
import {
  pushPayload,
  reportLink,
  reportNewsText,
  reportPush,
  runFinishedPush,
  runLink,
  type PushMessage,
  type ReportNewsCounts,
} from './push-message.ts';
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

const none: ReportNewsCounts = {
  new_count: 0,
  stopped_count: 0,
  resumed_count: 0,
  products_count: 0,
  stores_count: 0,
};

describe('reportNewsText', () => {
  it('says each count that is not zero, in the singular for one', () => {
    expect(reportNewsText({ ...none, new_count: 14, products_count: 2 })).toBe(
      '14 new ads, 2 products gaining stores',
    );
    expect(
      reportNewsText({
        new_count: 1,
        stopped_count: 1,
        resumed_count: 1,
        products_count: 1,
        stores_count: 1,
      }),
    ).toBe('1 new ad, 1 ad stopped, 1 ad came back, 1 product gaining stores, 1 store adding ads');
    expect(reportNewsText({ ...none, stopped_count: 2, resumed_count: 3, stores_count: 1200 })).toBe(
      '2 ads stopped, 3 ads came back, 1,200 stores adding ads',
    );
  });

  it('is empty when nothing changed', () => {
    expect(reportNewsText(none)).toBe('');
  });
});

describe('reportPush', () => {
  it('names the watch, tells the news and opens the report', () => {
    const push = reportPush({
      ...none,
      id: 'rep1',
      run: 'run1',
      watch_name: 'Posture US',
      new_count: 14,
      products_count: 2,
    });
    expect(push).toEqual({
      kind: 'report',
      title: 'Posture US',
      body: '14 new ads, 2 products gaining stores',
      url: reportLink('rep1'),
      tag: 'report-rep1',
      run: 'run1',
    });
    expect(reportLink('rep1')).toBe('/app/reports?report=rep1');
    expect(() => pushPayload(push!)).not.toThrow();
  });

  it('is nothing for a report where nothing changed', () => {
    expect(reportPush({ ...none, id: 'rep2', run: 'run2', watch_name: 'Posture US' })).toBeNull();
  });
});
