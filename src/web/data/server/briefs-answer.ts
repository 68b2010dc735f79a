/**
 * The briefs routes' answers as zod schemas, in a chunk of their own that briefs.ts loads with
 * the first answer: the detail view's brief section is in the /app shell, and the first /app page
 * needs no zod (docs/benchmarks/pwa.md).
 */
import { z } from 'zod/mini';
import { briefSchema } from '../../../domain/records/entities.ts';

export const briefsStatusSchema = z.object({
  enabled: z.boolean(),
  allowance: z.int(),
  used: z.int(),
  left: z.int(),
});

export const briefAnswerSchema = z.object({ brief: briefSchema, status: briefsStatusSchema });
