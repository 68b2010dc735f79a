/**
 * AI_TRANSCRIBE_MODEL (docs/configuration.md#ai-briefs): the model the worker sends archived
 * videos to, at `${AI_BASE_URL}/audio/transcriptions` with AI_API_KEY. It is valid only with the
 * three settings of briefs; the server's config check (src/hooks/config/ai-settings.ts) and the
 * worker's (src/worker/config.ts) both refuse to start on these errors, each naming what is missing.
 */
export interface TranscribeEnv {
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODEL?: string | undefined;
  AI_TRANSCRIBE_MODEL?: string | undefined;
}

const NEEDED = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;

/** The errors of the transcription settings; [] when they are off or complete. */
export function transcribeSettingsErrors(env: TranscribeEnv): string[] {
  if (!(env.AI_TRANSCRIBE_MODEL ?? '').trim()) return [];
  const missing = NEEDED.filter((name) => !(env[name] ?? '').trim());
  if (missing.length === 0) return [];
  const names =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return [
    `AI_TRANSCRIBE_MODEL needs AI_BASE_URL, AI_API_KEY and AI_MODEL as well: ${names} ${missing.length === 1 ? 'is' : 'are'} not set.`,
  ];
}

/** Whether transcripts are on: AI_TRANSCRIBE_MODEL with the three settings of briefs. */
export function transcribeEnabled(env: TranscribeEnv): boolean {
  return !!(env.AI_TRANSCRIBE_MODEL ?? '').trim() && transcribeSettingsErrors(env).length === 0;
}
