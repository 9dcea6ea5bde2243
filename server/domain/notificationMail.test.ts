/**
 * The notification mail job against a real SMTP server (smtp-server, parsed with mailparser): one mail per
 * notification only while its preference is on, in the account's language, with the signed unsubscribe link;
 * skipped when off or suspended; retried with back-off after a failure and given up after the last try; the weekly
 * recap as one mail; and the job started by the app in the background.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, campaigns, notifications } from '../infra/db/schema.ts';
import { createMailer, type Mailer } from '../infra/mail/mailer.ts';
import { createAccountTestApp, startSmtp, type TestSmtp } from '../testing/accountApp.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { createNotification, notifyMilestone } from './notifications.ts';
import { deliverNotificationMails, runNotificationJobs, type NotificationMailOptions } from './notificationMail.ts';
import { updatePreference } from './preferences.ts';
import { UnsubscribeSigner } from './unsubscribe.ts';

const log = pino({ level: 'silent' });
const signingSecret = new TextEncoder().encode('notification-mail-test-secret-0123456789');
const PUBLIC_URL = 'https://bingkai.test';
const RETRY_MS = 60_000;
const options: NotificationMailOptions = { publicUrl: PUBLIC_URL, signingSecret, log, retryBaseMs: RETRY_MS, maxAttempts: 3 };

describe.each(drivers)('notification mail (%s)', (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let mailer: Mailer;
  /** Recipients the SMTP server refuses (550) while listed. */
  const refused = new Set<string>();
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    smtp = await startSmtp({ refuseRecipient: (address) => refused.has(address) });
    mailer = createMailer({ smtpUrl: smtp.url, from: 'Bingkai <no-reply@bingkai.test>', dataDir: '/nonexistent', log });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await database?.dispose();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    refused.clear();
  });

  async function creatorWithCampaign(language: string | null = null) {
    const creator = await insertCreator(database.db, `mailcreator${++seq}`);
    if (language) await database.db.update(accounts).set({ language }).where(eq(accounts.id, creator.id));
    const campaign = await insertCampaign(database.db, creator.id, { uri: `mail-campaign-${seq}` });
    return { creator, campaign };
  }
  const rowOf = async (accountId: string) => (await database.db.select().from(notifications).where(eq(notifications.accountId, accountId)))[0]!;
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to === email);

  it('sends one mail per notification with the campaign link and a signed unsubscribe link, and marks it sent', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    expect(await notifyMilestone(database.db, campaign.id, 100)).toBe(true);
    const now = new Date();
    expect(await deliverNotificationMails(database.db, mailer, options, now)).toEqual({ sent: 1, skipped: 0, retrying: 0, failed: 0 });

    const [mail, ...more] = mailsTo(creator.email);
    expect(more).toEqual([]);
    expect(mail!.kind).toBe('NOTIFICATION_MILESTONE');
    expect(mail!.parsed.subject).toBe(`“${campaign.title}” reached 100 supporters`);
    expect(mail!.parsed.text).toContain(`Hi ${creator.name},`);
    expect(mail!.parsed.text).toContain(`Your campaign “${campaign.title}” has just reached 100 supporters.`);
    expect(mail!.parsed.text).toContain(`View campaign: ${PUBLIC_URL}/${campaign.uri}`);
    const unsubscribe = new UnsubscribeSigner(signingSecret).link(PUBLIC_URL, creator.email, 'milestone');
    expect(mail!.parsed.text).toContain(`Unsubscribe from these emails: ${unsubscribe}`);
    expect(mail!.parsed.html).toContain(unsubscribe.replace(/&/g, '&amp;'));
    const listUnsubscribe = mail!.parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line.replace(/\s+/g, ' ');
    expect(listUnsubscribe).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    // The link's token is the one the unsubscribe route verifies.
    const link = new URL(unsubscribe);
    expect(new UnsubscribeSigner(signingSecret).verify(link.searchParams.get('email')!, 'milestone', link.searchParams.get('token')!)).toBe(true);

    expect(await rowOf(creator.id)).toMatchObject({ mailState: 'sent', mailAttempts: 1, mailedAt: expect.any(Date) });
    // Sent is sent: the next run mails nothing.
    expect(await deliverNotificationMails(database.db, mailer, options, new Date(now.getTime() + 10 * RETRY_MS))).toEqual({ sent: 0, skipped: 0, retrying: 0, failed: 0 });
    expect(mailsTo(creator.email)).toHaveLength(1);
  });

  it('writes in the account’s language', async () => {
    const { creator, campaign } = await creatorWithCampaign('id');
    await notifyMilestone(database.db, campaign.id, 1000);
    await deliverNotificationMails(database.db, mailer, options);
    const mail = await smtp.waitFor((m) => m.to === creator.email);
    expect(mail.parsed.subject).toBe(`“${campaign.title}” mencapai 1.000 pendukung`);
    expect(mail.parsed.text).toContain('Berhenti berlangganan email ini: https://bingkai.test/unsubscribe?');
  });

  it('skips the mail while the preference of its type is off, and sends other types', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    await updatePreference(database.db, creator.id, { type: 'notification', milestone: false });
    await notifyMilestone(database.db, campaign.id, 10);
    await createNotification(database.db, { accountId: creator.id, type: 'comments', dedupeKey: `comment:${seq}`, campaignId: campaign.id, data: { name: 'Sari' } });

    expect(await deliverNotificationMails(database.db, mailer, options)).toEqual({ sent: 1, skipped: 1, retrying: 0, failed: 0 });
    expect(mailsTo(creator.email).map((mail) => mail.kind)).toEqual(['NOTIFICATION_COMMENTS']);
    expect(mailsTo(creator.email)[0]!.parsed.text).toContain(`Sari commented on your campaign “${campaign.title}”.`);
    const rows = await database.db.select().from(notifications).where(eq(notifications.accountId, creator.id));
    expect(Object.fromEntries(rows.map((row) => [row.type, row.mailState]))).toEqual({ milestone: 'skipped', comments: 'sent' });
    // The in-app notification stays either way.
    expect(rows.find((row) => row.type === 'milestone')!.readAt).toBeNull();
  });

  it('sends nothing to a suspended account', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    await notifyMilestone(database.db, campaign.id, 10);
    await database.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, creator.id));
    expect(await deliverNotificationMails(database.db, mailer, options)).toEqual({ sent: 0, skipped: 1, retrying: 0, failed: 0 });
    expect(mailsTo(creator.email)).toEqual([]);
    expect((await rowOf(creator.id)).mailState).toBe('skipped');
  });

  it('retries a failed mail after a back-off that doubles, and sends it once the server takes it', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    await notifyMilestone(database.db, campaign.id, 10);
    refused.add(creator.email);
    const t0 = new Date();
    expect(await deliverNotificationMails(database.db, mailer, options, t0)).toEqual({ sent: 0, skipped: 0, retrying: 1, failed: 0 });
    expect(await rowOf(creator.id)).toMatchObject({ mailState: 'pending', mailAttempts: 1 });
    // Not due before the back-off is over.
    expect(await deliverNotificationMails(database.db, mailer, options, new Date(t0.getTime() + RETRY_MS - 1000))).toEqual({ sent: 0, skipped: 0, retrying: 0, failed: 0 });
    const t1 = new Date(t0.getTime() + RETRY_MS);
    expect(await deliverNotificationMails(database.db, mailer, options, t1)).toEqual({ sent: 0, skipped: 0, retrying: 1, failed: 0 });
    // The second back-off is twice the first.
    expect(await deliverNotificationMails(database.db, mailer, options, new Date(t1.getTime() + RETRY_MS))).toMatchObject({ retrying: 0 });
    refused.delete(creator.email);
    expect(await deliverNotificationMails(database.db, mailer, options, new Date(t1.getTime() + 2 * RETRY_MS))).toEqual({ sent: 1, skipped: 0, retrying: 0, failed: 0 });
    expect(await rowOf(creator.id)).toMatchObject({ mailState: 'sent', mailAttempts: 3 });
    expect(mailsTo(creator.email)).toHaveLength(1);
  });

  it('gives up after the last try and marks the notification failed', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    await notifyMilestone(database.db, campaign.id, 10);
    refused.add(creator.email);
    let at = Date.now();
    const results = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      results.push(await deliverNotificationMails(database.db, mailer, options, new Date(at)));
      at += 4 * RETRY_MS;
    }
    expect(results.map((result) => [result.retrying, result.failed])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(await rowOf(creator.id)).toMatchObject({ mailState: 'failed', mailAttempts: 3 });
    expect(await deliverNotificationMails(database.db, mailer, options, new Date(at + 100 * RETRY_MS))).toEqual({ sent: 0, skipped: 0, retrying: 0, failed: 0 });
    expect(mailsTo(creator.email)).toEqual([]);
  });

  it('mails a weekly recap as one mail listing each active campaign', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    const second = await insertCampaign(database.db, creator.id, { uri: `mail-campaign-${++seq}` });
    await createNotification(database.db, {
      accountId: creator.id,
      type: 'campaignRecap',
      dedupeKey: 'recap:2026-W47',
      data: {
        week: '2026-W47',
        supports: 1250,
        visits: 4000,
        campaigns: [
          { uri: campaign.uri, title: campaign.title, supports: 1200, visits: 3000 },
          { uri: second.uri, title: second.title, supports: 50, visits: 1000 },
        ],
      },
    });
    expect(await runNotificationJobs(database.db, mailer, { ...options, recaps: false })).toMatchObject({ sent: 1 });
    const [mail, ...more] = mailsTo(creator.email);
    expect(more).toEqual([]);
    expect(mail!.kind).toBe('NOTIFICATION_RECAP');
    expect(mail!.parsed.subject).toBe('Your weekly Bingkai recap (2026-W47)');
    expect(mail!.parsed.text).toContain(`“${campaign.title}”: 1,200 supports, 3,000 visits (${PUBLIC_URL}/${campaign.uri})`);
    expect(mail!.parsed.text).toContain(`“${second.title}”: 50 supports, 1,000 visits (${PUBLIC_URL}/${second.uri})`);
    expect(mail!.parsed.text).toContain('In all: 1,250 supports and 4,000 visits.');
    expect(mail!.parsed.text).toContain(new UnsubscribeSigner(signingSecret).link(PUBLIC_URL, creator.email, 'campaignRecap'));
  });

  it('skips a notification about a campaign deleted since', async () => {
    const { creator, campaign } = await creatorWithCampaign();
    await notifyMilestone(database.db, campaign.id, 10);
    await database.db.delete(campaigns).where(eq(campaigns.id, campaign.id));
    expect(await deliverNotificationMails(database.db, mailer, options)).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsTo(creator.email)).toEqual([]);
  });
});

describe.each(drivers)('notification jobs in the app (%s)', (driver) => {
  it('mail pending notifications in the background on the configured interval, and stop with the app', async () => {
    const t = await createAccountTestApp(driver, { notificationJobMs: 50 });
    try {
      const creator = await insertCreator(t.database.db, 'bgcreator');
      const campaign = await insertCampaign(t.database.db, creator.id, { uri: 'bg-campaign' });
      await notifyMilestone(t.database.db, campaign.id, 10);
      const mail = await t.smtp.waitFor((m) => m.to === creator.email && m.kind === 'NOTIFICATION_MILESTONE');
      expect(mail.parsed.text).toContain(`${t.config.publicUrl}/unsubscribe?`);
      await expect.poll(async () => (await t.database.db.select().from(notifications))[0]?.mailState).toBe('sent');
    } finally {
      await t.close();
    }
  });
});
