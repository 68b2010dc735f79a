/**
 * Form schemas of docs/product.md#validation-rules, used by the browser forms and re-checked by the server
 * (the hooks). zod/mini keeps them small in the hooks bundle; react-hook-form's zodResolver takes them as is.
 */
import * as z from 'zod/mini';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from './countries.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES, PRODUCT_MESSAGES } from './messages.ts';
import { AD_LIBRARY_LINK_MESSAGE, isAdLibraryLink } from '../ads/ad-library-link.ts';
import { splitKeywords } from '../text/text.ts';
import { isHttpUrl } from '../text/url.ts';

const email = z.pipe(
  z.string().check(z.trim(), z.maxLength(LIMITS.emailMaxLength, MESSAGES.emailTooLong)),
  z.email(MESSAGES.invalidEmail),
);

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(LIMITS.passwordMin.login, MESSAGES.passwordMin6)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Register: zod reports the rules in this order; the form shows the first failing one. */
export const registerPasswordSchema = z
  .string()
  .check(
    z.minLength(LIMITS.passwordMin.register, MESSAGES.passwordMin8),
    z.regex(/[A-Z]/, MESSAGES.passwordUppercase),
    z.regex(/[a-z]/, MESSAGES.passwordLowercase),
    z.regex(/[0-9]/, MESSAGES.passwordNumber),
  );

export const registerSchema = z.object({
  email,
  password: registerPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * Account changes ask for the current password
 * (docs/decisions.md#account-changes-ask-for-the-current-password,
 * docs/invariants.md#invariant-12-account-changes-need-the-current-password).
 */
export const currentPasswordSchema = z
  .string()
  .check(z.minLength(1, PRODUCT_MESSAGES.currentPasswordRequired));

export const newEmailSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, MESSAGES.newEmailRequired)),
  oldPassword: currentPasswordSchema,
});

export const newPasswordSchema = z.object({
  password: z.string().check(z.minLength(LIMITS.passwordMin.settings, MESSAGES.passwordMin6)),
  oldPassword: currentPasswordSchema,
});

/** /forgot-password: the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** /reset-password: a new password, with the registration rules and messages. */
export const resetPasswordSchema = z.object({ password: registerPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** /confirm-email-change: PocketBase's confirmation needs the account's password. */
export const confirmEmailChangeSchema = z.object({ password: currentPasswordSchema });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

/** Settings → Delete account: the current password and DELETE typed in (checked by the server too). */
export const deleteAccountSchema = z.object({
  oldPassword: currentPasswordSchema,
  confirm: z.string().check(z.refine((value) => value === 'DELETE', PRODUCT_MESSAGES.deleteConfirmRequired)),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

const adsBetween = `Number of ads must be between ${LIMITS.adsPerSearch.min} and ${LIMITS.adsPerSearch.max}`;

export const scoutFormSchema = z.object({
  search_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Search name is required'),
      z.maxLength(
        LIMITS.searchNameMaxLength,
        `Search name must be at most ${LIMITS.searchNameMaxLength} characters`,
      ),
    ),
  facebook_link: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Facebook library link is required'),
      z.maxLength(LIMITS.facebookLinkMaxLength, 'Link is too long'),
      z.refine(isHttpUrl, 'Please enter a valid URL'),
      z.refine(isAdLibraryLink, AD_LIBRARY_LINK_MESSAGE),
    ),
  target_country: z._default(z.enum(COUNTRY_CODES, { error: 'Country is required' }), DEFAULT_COUNTRY),
  keywords_used: z.pipe(
    z._default(
      z
        .string()
        .check(
          z.maxLength(
            LIMITS.keywordsMaxLength,
            `Keywords must be at most ${LIMITS.keywordsMaxLength} characters`,
          ),
        ),
      '',
    ),
    z.transform((raw: string) => splitKeywords(raw).join(', ')),
  ),
  requested_count: z._default(
    z.coerce
      .number({ error: 'Number of ads is required' })
      .check(
        z.int('Number of ads must be a whole number'),
        z.gte(LIMITS.adsPerSearch.min, adsBetween),
        z.lte(LIMITS.adsPerSearch.max, adsBetween),
      ),
    LIMITS.adsPerSearch.default,
  ),
});
export type ScoutFormInput = z.input<typeof scoutFormSchema>;
export type ScoutForm = z.output<typeof scoutFormSchema>;

/**
 * Values another page hands to the scout form (History's 'Run again', a keyword from Keywords),
 * through the router's history state; checked because that state outlives the page that wrote it.
 */
export const scoutPrefillSchema = z.partial(
  z.object({
    search_name: z.string().check(z.maxLength(LIMITS.searchNameMaxLength)),
    facebook_link: z.string().check(z.maxLength(LIMITS.facebookLinkMaxLength)),
    target_country: z.enum(COUNTRY_CODES),
    keywords_used: z.string().check(z.maxLength(LIMITS.keywordsMaxLength)),
    requested_count: z
      .number()
      .check(z.int(), z.gte(LIMITS.adsPerSearch.min), z.lte(LIMITS.adsPerSearch.max)),
  }),
);
export type ScoutPrefill = z.infer<typeof scoutPrefillSchema>;

/** Reads a prefill from router state: `{ scout: ScoutPrefill }`, anything else gives none. */
export function readScoutPrefill(state: unknown): ScoutPrefill | undefined {
  if (!state || typeof state !== 'object' || !('scout' in state)) return undefined;
  const parsed = scoutPrefillSchema.safeParse((state as { scout: unknown }).scout);
  return parsed.success ? parsed.data : undefined;
}

/** The first message of a failed parse, for forms that show one error at a time. */
export function firstIssueMessage(error: { readonly issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Anything with zod's safeParse: the form schemas and the lease contract. */
export interface InputSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { readonly issues: readonly { message: string }[] } };
}

/** Parses `value`, or gives the first failing rule's message (what the server answers with a 400). */
export function checkInput<T>(
  schema: InputSchema<T>,
  value: unknown,
): { ok: true; data: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: firstIssueMessage(parsed.error) };
}
