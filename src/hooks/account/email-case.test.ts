import { describe, expect, it } from 'vitest';
import { foldEmailCase, sameEmail } from './email-case.ts';

describe('foldEmailCase', () => {
  it('folds A–Z only, as SQLite’s NOCASE does', () => {
    expect(foldEmailCase('Ann.Lee@Example.COM')).toBe('ann.lee@example.com');
    expect(foldEmailCase('ann@example.com')).toBe('ann@example.com');
    // NOCASE leaves other letters alone: folding them would make a stored address unfindable
    expect(foldEmailCase('ÄNN@Example.com')).toBe('Änn@example.com');
  });

  it('compares identities without case', () => {
    expect(sameEmail('Victim@X.com', 'victim@x.com')).toBe(true);
    expect(sameEmail('victim@x.com', 'victim2@x.com')).toBe(false);
  });
});
