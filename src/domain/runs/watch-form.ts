// Apart from watches.ts, whose cadences, limits and texts the /app shell reads (reports, the run
// notifier): the first /app page needs no zod (docs/benchmarks/pwa.md).
import * as z from 'zod/mini';
import { scoutFormSchema } from '../forms/forms.ts';
import { WATCH_CADENCES, WATCH_MESSAGES } from './watches.ts';

/** The user's fields of a watch, checked with the scout form's rules and messages. */
export const watchFormSchema = z.object({
  name: scoutFormSchema.shape.search_name,
  facebook_link: scoutFormSchema.shape.facebook_link,
  target_country: scoutFormSchema.shape.target_country,
  keywords_used: scoutFormSchema.shape.keywords_used,
  requested_count: scoutFormSchema.shape.requested_count,
  cadence: z.enum(WATCH_CADENCES, { error: WATCH_MESSAGES.cadenceInvalid }),
  active: z._default(z.boolean({ error: WATCH_MESSAGES.activeInvalid }), true),
});
export type WatchFormInput = z.input<typeof watchFormSchema>;
export type WatchForm = z.output<typeof watchFormSchema>;
