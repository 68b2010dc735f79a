/**
 * The AI model the operator connects for briefs (docs/configuration.md#ai-briefs): AI_BASE_URL (an
 * OpenAI-compatible API with its version path, e.g. https://api.openai.com/v1), AI_API_KEY and
 * AI_MODEL, all three or none; AI_BRIEFS_PER_MONTH, the briefs a user may write per quota period.
 * Pure: startup.ts refuses to start on its errors, src/hooks/briefs reads the settings. The key is
 * never part of a message, a log line or an answer.
 */
import { BRIEFS_PER_MONTH_DEFAULT, BRIEFS_PER_MONTH_MAX } from '../../domain/briefs/brief-contract.ts';
import { transcribeSettingsErrors } from '../../domain/tags/transcribe-settings.ts';
import { parseHttpUrl } from '../../domain/text/url.ts';

export const AI_ENV_NAMES = [
  'AI_BASE_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'AI_BRIEFS_PER_MONTH',
  'AI_TRANSCRIBE_MODEL',
] as const;
export type AiEnv = { [name in (typeof AI_ENV_NAMES)[number]]: string };

export interface AiSettings {
  /** All three of AI_BASE_URL, AI_API_KEY and AI_MODEL are set (and well formed). */
  enabled: boolean;
  /** AI_BASE_URL without trailing slashes: `${baseUrl}/chat/completions` is the call. */
  baseUrl: string;
  apiKey: string;
  model: string;
  briefsPerMonth: number;
  /**
   * AI_TRANSCRIBE_MODEL, '' when transcripts are off: the server only queues the videos
   * (src/hooks/ocr/transcripts.ts); the workers call the model with their own settings.
   */
  transcribeModel: string;
}

const REQUIRED = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;

export function aiSettings(env: AiEnv): { settings: AiSettings; errors: string[] } {
  const value = (name: keyof AiEnv) => (env[name] ?? '').trim();
  const errors: string[] = [];
  const given = REQUIRED.filter((name) => value(name) !== '');
  const missing = REQUIRED.filter((name) => value(name) === '');
  if (given.length > 0 && missing.length > 0)
    errors.push(
      `AI briefs need ${missing.join(' and ')} as well (or none of ${REQUIRED.join(', ')}): ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
    );
  const baseUrl = value('AI_BASE_URL').replace(/\/+$/, '');
  const url = baseUrl ? parseHttpUrl(baseUrl) : null;
  if (baseUrl && (!url || url.query || url.hash))
    errors.push(
      `AI_BASE_URL must be an http(s) URL with the API's version path (e.g. https://api.openai.com/v1), not "${baseUrl}".`,
    );
  errors.push(...transcribeSettingsErrors(env));
  const perMonthText = value('AI_BRIEFS_PER_MONTH');
  const perMonth = perMonthText === '' ? BRIEFS_PER_MONTH_DEFAULT : Number(perMonthText);
  if (!Number.isInteger(perMonth) || perMonth < 0 || perMonth > BRIEFS_PER_MONTH_MAX)
    errors.push(
      `AI_BRIEFS_PER_MONTH must be a whole number from 0 to ${BRIEFS_PER_MONTH_MAX}, not "${perMonthText}".`,
    );
  return {
    settings: {
      enabled: errors.length === 0 && missing.length === 0,
      baseUrl,
      apiKey: value('AI_API_KEY'),
      model: value('AI_MODEL'),
      briefsPerMonth: Number.isInteger(perMonth) ? perMonth : BRIEFS_PER_MONTH_DEFAULT,
      transcribeModel: errors.length === 0 && missing.length === 0 ? value('AI_TRANSCRIBE_MODEL') : '',
    },
    errors,
  };
}

/** The start-up log's line: where briefs go, never the key. */
export function describeAi(settings: AiSettings): string {
  if (!settings.enabled)
    return 'AI briefs: off (AI_BASE_URL, AI_API_KEY and AI_MODEL are not set); the app offers none';
  const transcripts = settings.transcribeModel
    ? `; transcripts: the workers send each archived video of up to 25 MB to model ${settings.transcribeModel} there`
    : '; transcripts off (AI_TRANSCRIBE_MODEL is not set)';
  return `AI briefs: model ${settings.model} at ${settings.baseUrl} (AI_API_KEY set), ${settings.briefsPerMonth} a user per quota period; each brief sends the ad's copy to that server${transcripts}`;
}
