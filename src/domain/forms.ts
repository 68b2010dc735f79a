/** Form schemas of SPEC §5, used by the browser forms and re-checked by the server. */
import { z } from 'zod';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from './countries.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { AD_LIBRARY_LINK_MESSAGE, isAdLibraryLink } from './ad-library-link.ts';
import { splitKeywords } from './text.ts';
import { isHttpUrl } from './url.ts';

const email = z
  .string()
  .trim()
  .max(LIMITS.emailMaxLength, MESSAGES.emailTooLong)
  .pipe(z.email(MESSAGES.invalidEmail));

export const loginSchema = z.object({
  email,
  password: z.string().min(LIMITS.passwordMin.login, MESSAGES.passwordMin6),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Register: zod reports the rules in this order; the form shows the first failing one. */
export const registerPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin.register, MESSAGES.passwordMin8)
  .regex(/[A-Z]/, MESSAGES.passwordUppercase)
  .regex(/[a-z]/, MESSAGES.passwordLowercase)
  .regex(/[0-9]/, MESSAGES.passwordNumber);

export const registerSchema = z.object({
  email,
  password: registerPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const newEmailSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.newEmailRequired),
});

export const newPasswordSchema = z.object({
  password: z.string().min(LIMITS.passwordMin.settings, MESSAGES.passwordMin6),
});

export const scoutFormSchema = z.object({
  search_name: z
    .string()
    .trim()
    .min(1, 'Search name is required')
    .max(LIMITS.searchNameMaxLength, `Search name must be at most ${LIMITS.searchNameMaxLength} characters`),
  facebook_link: z
    .string()
    .trim()
    .min(1, 'Facebook library link is required')
    .max(LIMITS.facebookLinkMaxLength, 'Link is too long')
    .refine(isHttpUrl, 'Please enter a valid URL')
    .refine(isAdLibraryLink, AD_LIBRARY_LINK_MESSAGE),
  target_country: z.enum(COUNTRY_CODES, { error: 'Country is required' }).default(DEFAULT_COUNTRY),
  keywords_used: z
    .string()
    .max(LIMITS.keywordsMaxLength, `Keywords must be at most ${LIMITS.keywordsMaxLength} characters`)
    .default('')
    .transform((raw) => splitKeywords(raw).join(', ')),
  requested_count: z.coerce
    .number({ error: 'Number of ads is required' })
    .int('Number of ads must be a whole number')
    .min(
      LIMITS.adsPerSearch.min,
      `Number of ads must be between ${LIMITS.adsPerSearch.min} and ${LIMITS.adsPerSearch.max}`,
    )
    .max(
      LIMITS.adsPerSearch.max,
      `Number of ads must be between ${LIMITS.adsPerSearch.min} and ${LIMITS.adsPerSearch.max}`,
    )
    .default(LIMITS.adsPerSearch.default),
});
export type ScoutFormInput = z.input<typeof scoutFormSchema>;
export type ScoutForm = z.output<typeof scoutFormSchema>;

/**
 * Values another page hands to the scout form (History's 'Run again', a keyword from Keywords),
 * through the router's history state; checked because that state outlives the page that wrote it.
 */
export const scoutPrefillSchema = z
  .object({
    search_name: z.string().max(LIMITS.searchNameMaxLength),
    facebook_link: z.string().max(LIMITS.facebookLinkMaxLength),
    target_country: z.enum(COUNTRY_CODES),
    keywords_used: z.string().max(LIMITS.keywordsMaxLength),
    requested_count: z.number().int().min(LIMITS.adsPerSearch.min).max(LIMITS.adsPerSearch.max),
  })
  .partial();
export type ScoutPrefill = z.infer<typeof scoutPrefillSchema>;

/** Reads a prefill from router state: `{ scout: ScoutPrefill }`, anything else gives none. */
export function readScoutPrefill(state: unknown): ScoutPrefill | undefined {
  if (!state || typeof state !== 'object' || !('scout' in state)) return undefined;
  const parsed = scoutPrefillSchema.safeParse((state as { scout: unknown }).scout);
  return parsed.success ? parsed.data : undefined;
}

/** The first message of a failed parse, for forms that show one error at a time. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
