import { describe, expect, it } from 'vitest';
import { aiSettings, describeAi, type AiEnv } from './ai-settings.ts';

const NONE: AiEnv = {
  AI_BASE_URL: '',
  AI_API_KEY: '',
  AI_MODEL: '',
  AI_BRIEFS_PER_MONTH: '',
  AI_TRANSCRIBE_MODEL: '',
};
const ALL: AiEnv = {
  AI_BASE_URL: 'https://api.openai.com/v1/',
  AI_API_KEY: 'sk-test-secret',
  AI_MODEL: 'gpt-4o-mini',
  AI_BRIEFS_PER_MONTH: '',
  AI_TRANSCRIBE_MODEL: '',
};

describe('aiSettings (AI_* of docs/configuration.md#ai-briefs)', () => {
  it('is off, with no error, when none is set', () => {
    const { settings, errors } = aiSettings(NONE);
    expect(errors).toEqual([]);
    expect(settings.enabled).toBe(false);
    expect(settings.briefsPerMonth).toBe(100);
  });

  it('is on with all three, the base URL without its trailing slash', () => {
    const { settings, errors } = aiSettings(ALL);
    expect(errors).toEqual([]);
    expect(settings).toMatchObject({
      enabled: true,
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
    });
  });

  it('refuses a partial set, naming each missing one', () => {
    const one = aiSettings({ ...ALL, AI_MODEL: '' });
    expect(one.settings.enabled).toBe(false);
    expect(one.errors).toEqual([
      'AI briefs need AI_MODEL as well (or none of AI_BASE_URL, AI_API_KEY, AI_MODEL): AI_MODEL is not set.',
    ]);
    const two = aiSettings({ ...NONE, AI_API_KEY: 'sk-x' });
    expect(two.errors[0]).toContain('AI_BASE_URL and AI_MODEL are not set');
  });

  it('refuses a base URL that is not http(s), and a bad allowance', () => {
    expect(aiSettings({ ...ALL, AI_BASE_URL: 'api.openai.com/v1' }).errors[0]).toContain(
      'AI_BASE_URL must be',
    );
    expect(aiSettings({ ...ALL, AI_BRIEFS_PER_MONTH: '-1' }).errors[0]).toContain('AI_BRIEFS_PER_MONTH');
    expect(aiSettings({ ...ALL, AI_BRIEFS_PER_MONTH: '2.5' }).errors[0]).toContain('AI_BRIEFS_PER_MONTH');
    expect(aiSettings({ ...ALL, AI_BRIEFS_PER_MONTH: '3' }).settings.briefsPerMonth).toBe(3);
  });

  it('never names the key in a message or the start-up line', () => {
    const settings = aiSettings(ALL).settings;
    expect(describeAi(settings)).not.toContain(ALL.AI_API_KEY);
    const bad = aiSettings({ ...ALL, AI_MODEL: '', AI_BASE_URL: 'nope' });
    expect(bad.errors.join(' ')).not.toContain(ALL.AI_API_KEY);
  });

  it('takes AI_TRANSCRIBE_MODEL only with the three settings, naming what is missing', () => {
    const on = aiSettings({ ...ALL, AI_TRANSCRIBE_MODEL: 'whisper-1' });
    expect(on.errors).toEqual([]);
    expect(on.settings.transcribeModel).toBe('whisper-1');
    expect(describeAi(on.settings)).toContain('transcripts: the workers send');
    expect(describeAi(on.settings)).not.toContain(ALL.AI_API_KEY);
    expect(aiSettings(ALL).settings.transcribeModel).toBe('');
    const alone = aiSettings({ ...NONE, AI_TRANSCRIBE_MODEL: 'whisper-1' });
    expect(alone.errors).toEqual([
      'AI_TRANSCRIBE_MODEL needs AI_BASE_URL, AI_API_KEY and AI_MODEL as well: AI_BASE_URL, AI_API_KEY and AI_MODEL are not set.',
    ]);
    expect(alone.settings.transcribeModel).toBe('');
    const noKey = aiSettings({ ...ALL, AI_API_KEY: '', AI_TRANSCRIBE_MODEL: 'whisper-1' });
    expect(noKey.errors).toContain(
      'AI_TRANSCRIBE_MODEL needs AI_BASE_URL, AI_API_KEY and AI_MODEL as well: AI_API_KEY is not set.',
    );
  });
});
