/**
 * Briefs end to end (docs/ai.md#briefs): a stack whose server is connected to a loopback model
 * server that speaks the OpenAI protocol (tests/fixtures/openai-double.ts); a subscriber opens an
 * ad in the Database, writes a brief, reads it and how many are left; the model server received
 * the key and the ad; offline (the page from the service worker), the brief shows again and
 * writing another says it needs the server.
 */
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { BRIEF_MESSAGES } from '../../src/domain/briefs/brief-contract.ts';
import {
  DOUBLE_BRIEF_TEXT,
  OPENAI_DOUBLE_KEY,
  startOpenAiDouble,
  type OpenAiDouble,
} from '../fixtures/openai-double.ts';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { databasePage } from './database-page.ts';
import { startE2eStack, type E2eStack } from './e2e-stack.ts';
import { connectAdmin, expect, KNOWN_ERRORS, test, type Admin } from './fixtures.ts';
import { controlledByServiceWorker, goOffline } from './locators.ts';

let openai: OpenAiDouble;
let stack: E2eStack;
let admin: Admin;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  openai = await startOpenAiDouble();
  stack = await startE2eStack({ workerEnv: {}, serverEnv: () => openai.env });
  admin = await connectAdmin(stack.url, stack.dataDir);
});

test.afterAll(async () => {
  await stack?.stop();
  await openai?.close();
});

test('a brief is written in the detail view and shown again offline', async ({
  page,
  context,
  errorGuard,
}) => {
  test.setTimeout(120_000);
  const user = await subscriber(admin.pb, admin, 'brief-e2e');
  const { resultIds } = await createRunWithResults(admin.pb, user.id, { search_name: 'Posture' }, [
    {
      ad_id: '7001',
      store_name: 'Posture Co',
      title: 'Posture Corrector Pro',
      body: 'Tired of back pain after work?',
      link_description: 'Free shipping today only',
      cta_text: 'Shop now',
      cta_type: 'SHOP_NOW',
      country: 'US',
      format: 'IMAGE',
      active_status: 'ACTIVE',
      start_date: '2026-11-01 00:00:00.000Z',
    },
  ]);
  const rowId = resultIds[0]!;

  await admin.signIn(page, user);
  await page.goto(`${stack.url}/app/database`);
  await expect(page.getByTestId('database-count')).toHaveText('1 result', { timeout: 15_000 });
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('database-count')).toHaveText('1 result', { timeout: 15_000 });

  const dialog = page.getByTestId('ad-detail');
  await databasePage(page).cell(rowId, 'country').click();
  const section = dialog.getByTestId('ad-brief');
  await expect(section.getByTestId('briefs-left')).toHaveText('100 of 100 briefs left this month');
  await section.getByRole('button', { name: 'Write a brief for this ad' }).click();
  await expect(section.getByTestId('brief-text')).toHaveText(DOUBLE_BRIEF_TEXT, { timeout: 30_000 });
  await expect(section.getByTestId('briefs-left')).toHaveText('99 of 100 briefs left this month');

  // the model server got one request: the key, and the ad's copy
  expect(openai.chats()).toHaveLength(1);
  const { request, body } = openai.chats()[0]!;
  expect(request.headers.authorization).toBe(`Bearer ${OPENAI_DOUBLE_KEY}`);
  expect(body.messages[1]!.content).toContain('Posture Corrector Pro');
  // stored on the server for this user, and mirrored here
  const stored = await admin.pb
    .collection(COLLECTIONS.briefs)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }) });
  expect(stored.map((brief) => brief.ad_id)).toEqual(['7001']);
  await page.keyboard.press('Escape');

  // offline: the page from the service worker, the brief from the local database
  errorGuard.expect(...KNOWN_ERRORS.offline.map((error) => ({ ...error, optional: true })));
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('database-count')).toHaveText('1 result', { timeout: 15_000 });
  await databasePage(page).cell(rowId, 'country').click();
  const offlineSection = dialog.getByTestId('ad-brief');
  await expect(offlineSection.getByTestId('brief-text')).toHaveText(DOUBLE_BRIEF_TEXT);
  await expect(offlineSection.getByRole('button', { name: 'Write a brief for this ad' })).toBeDisabled();
  await expect(offlineSection.getByText(BRIEF_MESSAGES.offline)).toBeVisible();
  expect(openai.chats()).toHaveLength(1);
});
