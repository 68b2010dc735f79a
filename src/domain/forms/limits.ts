/** Numeric limits of docs/product.md, shared by forms, hooks and the worker. */
export const LIMITS = {
  adsPerSearch: { min: 1, max: 1000, default: 100 },
  emailMaxLength: 255,
  passwordMin: { login: 6, register: 8, settings: 6 },
  /** Settings warns below this; the search page warns when above 0 and below it. */
  lowCreditThreshold: 100,
  searchNameMaxLength: 200,
  facebookLinkMaxLength: 2000,
  keywordsMaxLength: 1000,
  keywordSetMaxEntries: 50,
  keywordMaxLength: 200,
} as const;

/**
 * Password-reset mails one account may be sent in a window, whoever asks and from any client
 * address; the window shrinks to the reset link's lifetime when that is shorter (PocketBase's
 * default: 30 minutes). PocketBase's limiter also allows 5 requests per client address in 5
 * minutes.
 */
export const PASSWORD_RESET_PER_ACCOUNT = { maxRequests: 3, windowMs: 30 * 60 * 1000 } as const;

/**
 * How long the server keeps a mail it could not hand to an SMTP server (mail_outbox): a cron
 * deletes older ones, and the privacy page says so.
 */
export const MAIL_OUTBOX_RETENTION_DAYS = 14;

/** docs/product.md#screens-and-routes: the processing time the search page states. */
export const STATED_PROCESSING_TIME = '2 to 10 minutes';

export const COPYRIGHT_YEAR = 2025;
