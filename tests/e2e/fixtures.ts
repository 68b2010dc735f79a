import { test as base, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { CREDENTIALS_FILE } from '../../scripts/lib/stack.mjs';

export interface E2eUser {
  id: string;
  email: string;
  password: string;
}

/** The stack's superuser, for arranging data the way billing or the worker would. */
export interface Admin {
  pb: PocketBase;
  /** Creates a user without spending the sign-up rate limit. */
  createUser(label?: string): Promise<E2eUser>;
  /** Stores a session for `user` in the page's origin, as a login would (no auth rate limit). */
  signIn(page: Page, user: E2eUser): Promise<void>;
}

function stackUrl(): string {
  const url = process.env.ADSCOUT_E2E_URL;
  if (!url) throw new Error('ADSCOUT_E2E_URL is not set: run through `npm test` or `npx playwright test`');
  return url;
}

let counter = 0;

export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@adscout.test`;
}

/** `test` with baseURL pointing at the stack that global-setup started, and an admin client. */
export const test = base.extend<{ admin: Admin }>({
  baseURL: async ({}, use) => {
    await use(stackUrl());
  },
  admin: async ({}, use) => {
    const dataDir = process.env.ADSCOUT_E2E_DATA_DIR;
    if (!dataDir) throw new Error('ADSCOUT_E2E_DATA_DIR is not set');
    const { admin } = JSON.parse(readFileSync(join(dataDir, CREDENTIALS_FILE), 'utf8')) as {
      admin: { email: string; password: string };
    };
    const pb = new PocketBase(stackUrl());
    pb.autoCancellation(false);
    await pb.collection('_superusers').authWithPassword(admin.email, admin.password);
    await use({
      pb,
      async createUser(label = 'user') {
        const email = uniqueEmail(label);
        const password = 'Scout-Pass-2026';
        const record = await pb.collection('users').create({ email, password, passwordConfirm: password });
        return { id: record.id, email, password };
      },
      async signIn(page, user) {
        // A week-long token: the app renews tokens only inside their last three days.
        const client = await pb.collection('users').impersonate(user.id, 7 * 24 * 3600);
        const session = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
        // Any page of the origin will do; the next navigation starts signed in.
        if (!page.url().startsWith(stackUrl())) await page.goto('/privacy');
        await page.evaluate((value) => window.localStorage.setItem('pocketbase_auth', value), session);
      },
    });
  },
});

export { expect } from '@playwright/test';
