import { describe, expect, it } from 'vitest';
import {
  confirmEmailChangeSchema,
  deleteAccountSchema,
  firstIssueMessage,
  forgotPasswordSchema,
  loginSchema,
  newEmailSchema,
  newPasswordSchema,
  readScoutPrefill,
  registerSchema,
  resetPasswordSchema,
  scoutFormSchema,
} from './forms.ts';
import { MESSAGES, PRODUCT_MESSAGES } from './messages.ts';
import { splitKeywords } from '../text/text.ts';

function firstError(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return firstIssueMessage(result.error as Parameters<typeof firstIssueMessage>[0]);
}

describe('loginSchema', () => {
  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, MESSAGES.invalidEmail],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'secret1' }, MESSAGES.emailTooLong],
    [{ email: 'me@example.com', password: '12345' }, MESSAGES.passwordMin6],
    [{ email: 'me@example.com', password: '123456' }, null],
  ])('%j → %s', (input, message) => {
    expect(firstError(loginSchema, input)).toBe(message);
  });
});

describe('registerSchema shows the first failing password rule', () => {
  it.each([
    ['short', MESSAGES.passwordMin8],
    ['alllowercase1', MESSAGES.passwordUppercase],
    ['ALLUPPERCASE1', MESSAGES.passwordLowercase],
    ['NoDigitsHere', MESSAGES.passwordNumber],
    ['Good-Passw0rd', null],
  ])('%s → %s', (password, message) => {
    expect(firstError(registerSchema, { email: 'me@example.com', password })).toBe(message);
  });

  it('checks the email first', () => {
    expect(firstError(registerSchema, { email: 'nope', password: 'x' })).toBe(MESSAGES.invalidEmail);
  });
});

describe('settings schemas', () => {
  it('require a new email and a 6-character password', () => {
    expect(firstError(newEmailSchema, { email: '  ', oldPassword: 'old' })).toBe(MESSAGES.newEmailRequired);
    expect(firstError(newEmailSchema, { email: 'x@y.z', oldPassword: 'old' })).toBeNull();
    expect(firstError(newPasswordSchema, { password: '12345', oldPassword: 'old' })).toBe(
      MESSAGES.passwordMin6,
    );
    expect(firstError(newPasswordSchema, { password: '123456', oldPassword: 'old' })).toBeNull();
  });

  it('require the current password for either change', () => {
    expect(firstError(newEmailSchema, { email: 'x@y.z', oldPassword: '' })).toBe(
      PRODUCT_MESSAGES.currentPasswordRequired,
    );
    expect(firstError(newPasswordSchema, { password: '123456' })).not.toBeNull();
    expect(firstError(newPasswordSchema, { password: '123456', oldPassword: '' })).toBe(
      PRODUCT_MESSAGES.currentPasswordRequired,
    );
  });
});

describe('account recovery and deletion schemas', () => {
  it('asks a valid address of the forgot-password form', () => {
    expect(firstError(forgotPasswordSchema, { email: 'nope' })).toBe(MESSAGES.invalidEmail);
    expect(firstError(forgotPasswordSchema, { email: ' someone@example.com ' })).toBeNull();
  });

  it('holds a reset password to the registration rules, first failing rule first', () => {
    expect(firstError(resetPasswordSchema, { password: 'Abc1' })).toBe(MESSAGES.passwordMin8);
    expect(firstError(resetPasswordSchema, { password: 'abcdefg1' })).toBe(MESSAGES.passwordUppercase);
    expect(firstError(resetPasswordSchema, { password: 'Abcdefg1' })).toBeNull();
  });

  it('needs the password to confirm an email change', () => {
    expect(firstError(confirmEmailChangeSchema, { password: '' })).toBe(
      PRODUCT_MESSAGES.currentPasswordRequired,
    );
  });

  it('deletes only with the current password and DELETE typed exactly', () => {
    expect(firstError(deleteAccountSchema, { oldPassword: '', confirm: 'DELETE' })).toBe(
      PRODUCT_MESSAGES.currentPasswordRequired,
    );
    for (const confirm of ['', 'delete', 'DELETE ', 'DEL']) {
      expect(firstError(deleteAccountSchema, { oldPassword: 'secret', confirm })).toBe(
        PRODUCT_MESSAGES.deleteConfirmRequired,
      );
    }
    expect(firstError(deleteAccountSchema, { oldPassword: 'secret', confirm: 'DELETE' })).toBeNull();
  });
});

describe('scoutFormSchema', () => {
  const valid = {
    search_name: 'Kitchen gadgets',
    facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=kitchen',
  };

  it('applies the defaults: country US, 100 ads, no keywords', () => {
    expect(scoutFormSchema.parse(valid)).toEqual({
      ...valid,
      target_country: 'US',
      keywords_used: '',
      requested_count: 100,
    });
  });

  it('normalizes comma-separated keywords', () => {
    expect(scoutFormSchema.parse({ ...valid, keywords_used: ' free shipping,, viral ,' }).keywords_used).toBe(
      'free shipping, viral',
    );
  });

  it.each([
    [{ search_name: '' }, 'Search name is required'],
    [{ facebook_link: '' }, 'Facebook library link is required'],
    [{ facebook_link: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    [{ facebook_link: 'ftp://www.facebook.com/ads/library' }, 'Please enter a valid URL'],
    [{ target_country: 'XX' }, 'Country is required'],
    [{ requested_count: 0 }, 'Number of ads must be between 1 and 1000'],
    [{ requested_count: 1001 }, 'Number of ads must be between 1 and 1000'],
    [{ requested_count: 2.5 }, 'Number of ads must be a whole number'],
  ])('refuses %j', (override, message) => {
    expect(firstError(scoutFormSchema, { ...valid, ...override })).toBe(message);
  });

  it('accepts the bounds 1 and 1000 given as text', () => {
    expect(scoutFormSchema.parse({ ...valid, requested_count: '1' }).requested_count).toBe(1);
    expect(scoutFormSchema.parse({ ...valid, requested_count: '1000' }).requested_count).toBe(1000);
  });
});

describe('splitKeywords', () => {
  it('drops empty entries and trims', () => {
    expect(splitKeywords(' a ,b,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitKeywords('')).toEqual([]);
  });
});

describe('readScoutPrefill (History → "Scout again")', () => {
  it('reads { scout } from router state and ignores anything else', () => {
    expect(readScoutPrefill({ scout: { search_name: 'Again', requested_count: 50 } })).toEqual({
      search_name: 'Again',
      requested_count: 50,
    });
    expect(readScoutPrefill({ scout: { requested_count: 5000 } })).toBeUndefined();
    for (const state of [null, undefined, 'scout', { other: 1 }])
      expect(readScoutPrefill(state)).toBeUndefined();
  });
});
