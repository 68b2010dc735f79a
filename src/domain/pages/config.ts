/** Defaults for configuration that the server reads from the environment (docs/configuration.md). */
export const DEFAULT_CONFIG = {
  communityChatUrl: 'https://discord.gg/adscout',
  demoVideoUrl: '',
  scoutSource: 'demo',
  httpAddress: '127.0.0.1:8090',
} as const;
