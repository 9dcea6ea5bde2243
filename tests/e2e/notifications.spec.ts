/**
 * Notifications end to end, against the real server and browser: a creator's campaign reaches 10 supporters through
 * a real support (a visitor frames a photo); the creator sees the navbar badge and the message on /notifications, and
 * gets the milestone mail with its unsubscribe link. After unsubscribing from milestone mails through that link, the
 * next milestone (100) still shows in the app, but no mail goes out.
 *
 * The supporters before the last one come from a test hook (POST /api/test/campaign-supporters); the notification
 * jobs run through POST /api/test/notifications/run instead of waiting for their schedule.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { newestMail, registerAndVerify } from '../testing/accounts.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { testHooksHeaders } from '../testing/testHooks.ts';

const PHOTO = 'tests/fixtures/generated/sample1.jpg';
const PASSWORD = 'notify-me-2026';
const MAIL_DIR = join(process.env.E2E_DATA_DIR ?? join('.tmp', 'e2e-data'), 'mail');

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

interface Campaign {
  title: string;
  uri: string;
}

/** A signed-out visitor in a browser of their own frames a photo: one real, counted support. */
async function supportInFreshBrowser(browser: Browser, baseURL: string | undefined, campaign: Campaign): Promise<void> {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  try {
    const page = await context.newPage();
    await seedStorage(page, { 'dark-mode-modal-closed': '1' });
    await page.goto(`/${campaign.uri}`);
    await expectRouteReady(page, 'campaign');
    await page.getByRole('link', { name: 'Choose photo' }).click();
    await expectRouteReady(page, 'campaign-support');
    await page.getByLabel('Choose photo').setInputFiles(PHOTO);
    await expect(page.getByRole('application', { name: 'Photo position' })).toBeVisible({ timeout: 90_000 });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeEnabled({ timeout: 60_000 });
    await next.click();
    await expect(page).toHaveURL(new RegExp(`/${campaign.uri}/result$`), { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your twibbon is ready' })).toBeVisible();
  } finally {
    await context.close();
  }
}

async function setSupporters(request: APIRequestContext, uri: string, supporters: number): Promise<void> {
  const response = await request.post('/api/test/campaign-supporters', { data: { uri, supporters }, headers: testHooksHeaders() });
  expect(response.status(), await response.text()).toBe(204);
}

async function runNotificationJobs(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/test/notifications/run', { headers: testHooksHeaders() });
  expect(response.status(), await response.text()).toBe(200);
}

/** Milestone mails written to `to` about reaching `milestone` supporters (matched by their text, whenever sent). */
async function milestoneMailsTo(to: string, milestone: number): Promise<string[]> {
  const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => name.includes('-NOTIFICATION_MILESTONE-'));
  const found: string[] = [];
  for (const name of names) {
    // Soft line breaks of quoted-printable joined, so a sentence is on one line.
    const raw = (await readFile(join(MAIL_DIR, name), 'utf8')).replace(/=\r?\n/g, '');
    const [headers = ''] = raw.split(/\r?\n\r?\n/, 1);
    if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers) && raw.includes(` has just reached ${milestone} supporters.`)) found.push(raw);
  }
  return found;
}

test('a milestone notifies the creator in the app and by mail, and only in the app once milestone mails are off @full', async ({ page, browser, baseURL, request }, testInfo) => {
  test.setTimeout(360_000);
  const id = uniqueId(testInfo);
  const creator = { name: 'Nadia Kreator', email: `e2e-notify-${id}@example.com` };
  const campaign = { title: `Kampanye Notifikasi ${id}`, uri: `notifikasi-${id}` };

  await registerAndVerify(page, creator.name, creator.email, PASSWORD);
  // No notifications yet: the bell has its plain label and the page says so.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await publishCampaign(page, campaign.title, campaign.uri);

  // Nine supporters before; the tenth is a real support.
  await setSupporters(request, campaign.uri, 9);
  const started = Date.now();
  await supportInFreshBrowser(browser, baseURL, campaign);

  // The badge counts it after a navigation, and the page shows the message, unread, linking to the campaign.
  await page.goto('/');
  await expect(bell).toHaveAccessibleName('1 unread notification');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const root = await expectRouteReady(page, 'notifications');
  await expect(root.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const message = `Your campaign “${campaign.title}” reached 10 supporters!`;
  const item = root.locator('[data-notification-type="milestone"]');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByRole('link', { name: message })).toHaveAttribute('href', `/${campaign.uri}`);
  await expect(item.getByText('Milestone')).toBeVisible();

  // The mail job: one milestone mail, with the campaign link and the signed unsubscribe link.
  await runNotificationJobs(request);
  const mail = await newestMail('NOTIFICATION_MILESTONE', creator.email, started);
  // (The reader decodes the quoted-printable bytes, not UTF-8: the curly quotes around the title are left out.)
  expect(mail).toContain(`Your campaign `);
  expect(mail).toContain(`${campaign.title}`);
  expect(mail).toContain(' has just reached 10 supporters.');
  expect(mail).toMatch(new RegExp(`View campaign: \\S*/${campaign.uri}\\s`));
  const unsubscribe = /Unsubscribe from these emails: (\S+)/.exec(mail)?.[1] ?? '';
  expect(unsubscribe).toMatch(/\/unsubscribe\?email=.+&type=milestone&token=/);
  expect(await milestoneMailsTo(creator.email, 10)).toHaveLength(1);

  // Mark all read: the badge goes.
  await root.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // The creator turns milestone mails off with the mail's own link.
  // Absolute with PUBLIC_URL set; the e2e server has none, so its links are paths.
  const link = new URL(unsubscribe, baseURL);
  await page.goto(link.pathname + link.search);
  await expectRouteReady(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`Done. ${creator.email} will no longer receive these emails.`)).toBeVisible();

  // The next milestone still shows in the app, but sends no mail.
  await setSupporters(request, campaign.uri, 99);
  await supportInFreshBrowser(browser, baseURL, campaign);
  await page.goto('/notifications');
  await expectRouteReady(page, 'notifications');
  await expect(bell).toHaveAccessibleName('1 unread notification');
  await expect(page.getByRole('link', { name: `Your campaign “${campaign.title}” reached 100 supporters!` })).toBeVisible();
  await expect(page.locator('[data-notification-type="milestone"]')).toHaveCount(2);
  // Run the jobs (the schedule may have taken the row first; either way it is skipped, never mailed).
  await runNotificationJobs(request);
  expect(await milestoneMailsTo(creator.email, 100)).toEqual([]);
  // The first one is still the only milestone mail.
  expect(await milestoneMailsTo(creator.email, 10)).toHaveLength(1);
});
