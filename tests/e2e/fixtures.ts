import { test as base } from '@playwright/test';

/** `test` with baseURL pointing at the stack that global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.ADSCOUT_E2E_URL;
    if (!url) throw new Error('ADSCOUT_E2E_URL is not set: run through `npm test` or `npx playwright test`');
    await use(url);
  },
});

export { expect } from '@playwright/test';
