import { describe, expect, it } from 'vitest';
import { parsePublicConfig } from './constants.ts';
import { publicConfigSchema } from './entities.ts';

const VALID = {
  communityChatUrl: 'https://discord.gg/adscout',
  demoVideoUrl: '',
  billingMode: 'local',
  scoutSource: 'demo',
};

describe('parsePublicConfig', () => {
  const samples: unknown[] = [
    VALID,
    { ...VALID, billingMode: 'stripe', scoutSource: 'apify', extra: 1 },
    { ...VALID, billingMode: 'paypal' },
    { ...VALID, scoutSource: 'scraper' },
    { ...VALID, communityChatUrl: 42 },
    { ...VALID, demoVideoUrl: undefined },
    { ...VALID, vapidPublicKey: 'BKey' },
    { ...VALID, vapidPublicKey: 7 },
    null,
    'config',
    [],
  ];

  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'accepts and refuses what the zod schema does: %s',
    (_label, sample) => {
      const zod = publicConfigSchema.safeParse(sample);
      expect(parsePublicConfig(sample)).toEqual(zod.success ? zod.data : null);
    },
  );
});
