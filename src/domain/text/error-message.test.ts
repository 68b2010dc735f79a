import { describe, expect, it } from 'vitest';
import { messageOf } from './error-message.ts';

describe('messageOf', () => {
  it("gives an Error's message, without its name", () => {
    expect(messageOf(new Error('socket hang up'))).toBe('socket hang up');
    expect(messageOf(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(messageOf(Object.assign(new Error('HTTP 500'), { status: 500 }))).toBe('HTTP 500');
  });

  it('gives any other thrown value as text', () => {
    expect(messageOf('SIGTERM')).toBe('SIGTERM');
    expect(messageOf(404)).toBe('404');
    expect(messageOf(undefined)).toBe('undefined');
    expect(messageOf({ toString: () => 'a rejected value' })).toBe('a rejected value');
  });
});
