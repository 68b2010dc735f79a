/**
 * User-facing strings of docs/product.md, word for word. Every runtime (browser, hooks, worker)
 * takes its messages from here so that the wording cannot drift.
 */
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../push/push-rules.ts';
import { formatCount } from '../text/format.ts';

export const MESSAGES = {
  // validation (docs/product.md#validation-rules)
  invalidEmail: 'Invalid email format',
  emailTooLong: 'Email must be less than 255 characters',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  newEmailRequired: 'Please enter a new email',
  newPasswordHint: 'Enter new password (min 6 characters)',
  noResultsToExport: 'No results to export',
  noResultsToSee: 'No results to see.',

  // checkout and auth
  loginFirst: 'Please log in first',
  noCheckoutUrl: 'No checkout URL received',
  checkoutFailed: 'Failed to start checkout',
  checkoutInitiateFailed: 'Failed to initiate checkout',
  loginFailed: 'Failed to log in',
  loginSuccess: 'Logged in successfully!',
  registerFailed: 'Failed to create account',
  registerSuccess: 'Account created! Please choose a plan to continue.',
  logoutSuccess: 'Logged out successfully',

  // scouting
  activeSearchRunning: 'You already have an active search running',
  monthlyLimitReached:
    "You've reached your monthly results limit. Buy additional results or wait until next month.",
  scrapeFailed: 'Failed to scrape ads. Please try again.',
  noResultsFound: 'No results found for this query.',
  scoutStarted: 'Scout job started! This may take a few minutes...',
  notAuthenticated: 'Not authenticated',
  scoutStartFailed: 'Failed to start scouting',

  // history, database and keywords
  historyLoadFailed: 'Failed to load search history',
  resultsLoadFailed: 'Failed to load results',
  exportFailed: 'Failed to export CSV',
  databaseLoadFailed: 'Error loading results',
  csvExported: 'CSV exported successfully',
  exportSuccessful: 'Export successful',
  keywordsReset: 'Keywords reset to defaults',
  keywordsResetFailed: 'Failed to reset keywords',
  noSearchesMatch: 'No searches match your filters.',

  // settings
  noActiveSubscription:
    'No active subscription found. Please contact support if you believe this is an error.',
  syncFailed: 'Could not sync subscription. Please try again or contact support.',
  portalFailed: 'Failed to open customer portal',
  emailUpdated: 'Email updated successfully',
  emailUpdateFailed: 'Failed to update email',
  passwordUpdated: 'Password updated successfully',
  passwordUpdateFailed: 'Failed to update password',
  suspendedNotice: 'Your subscription payment failed. Please update your payment method.',
  updatePaymentMethod: 'Update Payment Method',
  checkoutCanceled: 'Payment was canceled. Your credits/subscription have not been updated.',

  // shell and gate
  subscriptionRequired: 'Subscription Required',
  subscriptionRequiredBody: 'Please take a subscription to access this feature.',
  pageNotFound: 'Page not found',
  pageNotFoundBody: "The page you're looking for doesn't exist.",
  unexpectedError: 'Unexpected Application Error!',
} as const;

/**
 * Messages the product does not word, for behaviour beyond it (docs/decisions.md): re-authentication for
 * account changes, the payment provider's failures (Stripe's own text goes to the log, never to
 * the user), and limits on billing links.
 */
export const PRODUCT_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'The current password is not correct',
  paymentProviderFailed: 'The payment provider could not complete the request. Please try again.',
  paymentProviderUnreachable: 'The payment provider could not be reached. Please try again.',
  resetLinkSent: 'If an account exists for that address, we sent a link to reset the password.',
  passwordReset: 'Your password was reset. Log in with your new password.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  emailChangeNotSent: 'The confirmation email could not be sent. Please try again later.',
  emailChangeConfirmed: 'Your email address was changed. Log in with your new address.',
  emailChangeLinkInvalid:
    'This confirmation link is invalid or has expired. Please change your email again in Settings.',
  deleteConfirmRequired: 'Please type DELETE to confirm',
  accountDeleted: 'Your account and its data were deleted.',
  accountDeleteBillingFailed:
    'Your subscription could not be canceled with the payment provider, so your account was not deleted. Please try again.',
  tooManyBillingLinks:
    'Too many checkout or portal links were opened in the last hour. Please try again later.',

  // a write that found the database locked by another process (src/hooks/site/database-busy.ts)
  databaseBusy: 'The server is busy. Please try again in a moment.',

  // the local-first pages (docs/local-first.md#offline)
  loadingResults: 'Loading results…',
  resultsOffline: 'You are offline. Your results will show here once you are back online.',
  reloadToRetry: 'Reload the page to try again.',
  noResultsMatchFilters: 'No results match your filters.',
  keywordsResetQueued:
    'You are offline: the reset is saved on this device and reaches the server when you are back online.',

  // Settings: notifications (docs/watches.md#notifications) and the data download (docs/accounts.md)
  notificationsBlocked: 'Notifications are blocked for AdScout. Allow them in your browser’s site settings.',
  notificationsBlockedHint:
    'Notifications are blocked for AdScout in this browser. Allow them in the site settings to turn this on.',
  notificationsNoAnswer: 'Notifications stay off: the browser did not get an answer.',
  notificationsUnsupported: 'This browser cannot show notifications.',
  notificationsHint:
    'When a scout or a watch finishes, a notification tells you, even with AdScout closed. This setting is kept on this browser.',
  notificationsInAppOnly:
    'This browser cannot receive notifications with AdScout closed: you are notified while AdScout is open in a tab. This setting is kept on this browser.',
  notificationsHomeScreen:
    'On iPhone and iPad, add AdScout to your Home Screen first (Share, then Add to Home Screen): Safari notifies only apps on the Home Screen.',
  notificationsSubscribeFailed: 'Notifications could not be turned on in this browser. Please try again.',

  // Settings: reports by email (docs/reports.md#reports-by-email)
  reportEmailSaved: 'Your report emails were saved.',
  reportEmailSaveFailed: 'Your report emails could not be saved. Please try again.',
  reportEmailStartsWithWatch:
    'Daily digest is the default: your digests start with your first watch, at the hour you choose here.',
  reportEmailWeekly: 'A weekly digest goes out on Mondays.',
  reportEmailUnavailable: 'Your report emails could not be loaded. Reload the page to try again.',

  // push subscriptions refused by the server (docs/push.md#subscriptions)
  pushEndpointRefused: 'This browser’s push service cannot be used: its address must be a public https link.',
  pushKeysRefused: 'This browser sent push keys that cannot be used. Please turn notifications on again.',
  pushSubscriptionsFull: `Notifications are on in ${PUSH_SUBSCRIPTIONS_PER_USER} browsers already. Turn them off in one you no longer use, then try again.`,
  dataDownloaded: 'Your data was downloaded.',
  dataDownloadFailed: 'Your data could not be downloaded. Please try again.',
} as const;

/**
 * The report mail card when the browser's time zone is not on the list the server accepts
 * (src/domain/reports/time-zones.ts): the card saves UTC instead, and says so.
 */
export function reportEmailZoneUnknownMessage(browserZone: string): string {
  const named = browserZone ? `This browser’s time zone (${browserZone})` : 'This browser’s time zone';
  return `${named} is not one we can schedule by, so your digests go by UTC.`;
}

/** The Database page while its first sync runs: 'Syncing your results… 1,234 received'. */
export function syncingResultsMessage(received: number): string {
  return `Syncing your results… ${formatCount(received)} received`;
}

/** Settings after an email change that waits for its confirmation link (with SMTP). */
export function emailChangeSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email changes when you open it.`;
}

/**
 * docs/product.md#messages: 'You don't have enough results! You have {n} results available, but requested
 * {m}.'
 */
export function notEnoughResultsMessage(available: number, requested: number): string {
  return `You don't have enough results! You have ${available} results available, but requested ${requested}.`;
}

/** docs/product.md#messages: 'Scout completed! Found {n} ads.' */
export function scoutCompletedMessage(found: number): string {
  return `Scout completed! Found ${found} ads.`;
}

/** docs/product.md#messages: 'Subscription synced! Your {plan} plan is now active.' */
export function subscriptionSyncedMessage(plan: string): string {
  return `Subscription synced! Your ${plan} plan is now active.`;
}
