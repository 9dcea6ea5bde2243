import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { freePort, startSmtp } from '../../testing/accountApp.ts';
import { createMailer } from './mailer.ts';
import { mailKinds, mailLocale, mailLocales, renderMail } from './mailTemplates.ts';

const log = pino({ level: 'silent' });

describe('mail', () => {
  it('renders every kind in every locale with a message file, with text and html parts and no missing keys', async () => {
    // With every variable some template uses (the notification mails' too).
    const vars = { name: 'Ana', code: '123456', link: 'https://bingkai.test/x', minutes: 15, email: 'a@b.test', title: 'Hari Bumi', milestone: '100', rank: '3', week: '2026-W47', supports: '12', visits: '40', lines: 'x', who: 'Budi', plan: 'Supporter (monthly)', amount: '$2.99', number: 'BK-000001', date: 'December 1, 2026' };
    expect(mailLocales).toContain('en');
    expect(mailLocales).toContain('id');
    for (const kind of mailKinds) {
      const en = await renderMail(kind, 'en', vars);
      for (const locale of mailLocales) {
        const rendered = await renderMail(kind, locale, vars);
        expect(rendered.subject, `${locale} ${kind}`).not.toMatch(/^mail\.\w/);
        expect(rendered.text, `${locale} ${kind}`).not.toMatch(/\bmail\.\w|\{\{/);
        expect(rendered.html, `${locale} ${kind}`).toContain(`<html lang="${locale}"`);
        // Written in the locale's language (the regional Englishes aside).
        if (!locale.startsWith('en')) expect(rendered.subject, `${locale} ${kind}`).not.toBe(en.subject);
      }
    }
  });

  it('sets the direction of right-to-left languages', async () => {
    expect((await renderMail('RESET_PASSWORD', 'en', { name: 'Ana', link: 'https://bingkai.test/x', minutes: 60 })).html).toContain('dir="ltr"');
    const rtl = mailLocales.find((locale) => ['ar', 'he', 'fa', 'ur'].includes(locale));
    if (rtl) expect((await renderMail('RESET_PASSWORD', rtl, { name: 'Ana', link: 'https://bingkai.test/x', minutes: 60 })).html).toContain('dir="rtl"');
  });

  it('escapes variables in html', async () => {
    const rendered = await renderMail('VERIFY_REGISTRATION', 'en', { name: '<script>alert(1)</script>', code: '111111', minutes: 15 });
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;');
    expect(rendered.text).toContain('Hi <script>alert(1)</script>,');
  });

  it('maps an account’s locale to the mail locale of the same code, else of its language, else en', () => {
    expect([mailLocale('id'), mailLocale('id-ID'), mailLocale('ID_id'), mailLocale(null), mailLocale(''), mailLocale('idx'), mailLocale('xx-YY')]).toEqual(['id', 'id', 'id', 'en', 'en', 'en', 'en']);
    expect([mailLocale('en_GB'), mailLocale('en-GB'), mailLocale('en_AU')]).toEqual(['en-gb', 'en-gb', 'en-au']);
  });

  it('writes .eml files under dataDir/mail without SMTP_URL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bingkai-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'Bingkai <no-reply@bingkai.test>', dataDir: dir, log });
      await mailer.sendMail('RESET_PASSWORD', 'ana@example.test', 'id', { name: 'Ana', link: 'https://bingkai.test/reset-password?ticket=abc', minutes: 60 });
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/RESET_PASSWORD.*\.eml$/);
      const parsed = await simpleParser(await readFile(join(dir, 'mail', files[0]!)));
      expect(parsed.subject).toBe('Atur ulang kata sandi Bingkai Anda');
      expect(parsed.text).toContain('https://bingkai.test/reset-password?ticket=abc');
      expect(parsed.html).toContain('Atur ulang kata sandi');
      mailer.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends over SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Bingkai <no-reply@bingkai.test>', dataDir: '/nonexistent', log });
      await mailer.sendMail('VERIFY_REGISTRATION', 'budi@example.test', 'en', { name: 'Budi', code: '654321', minutes: 15 });
      const mail = await smtp.waitFor((m) => m.to === 'budi@example.test');
      expect(mail.parsed.subject).toBe('Your Bingkai verification code');
      expect(mail.parsed.from?.text).toContain('no-reply@bingkai.test');
      expect(mail.parsed.text).toContain('654321');
      expect(mail.parsed.html).toContain('654321');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  describe('status (maintenance notice)', () => {
    const from = 'Bingkai <no-reply@bingkai.test>';

    it('marks the service down when the SMTP server is unreachable, at the check and on a send', async () => {
      const port = await freePort();
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, dataDir: '/nonexistent', log });
      try {
        expect(mailer.status()).toBe('ok');
        expect(await mailer.verify()).toBe('down');
        expect(mailer.status()).toBe('down');
      } finally {
        mailer.close();
      }
      const sender = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, dataDir: '/nonexistent', log });
      try {
        await expect(sender.sendMail('RESET_PASSWORD', 'ana@example.test', 'en', { name: 'Ana', link: 'https://bingkai.test/x', minutes: 60 })).rejects.toMatchObject({ code: 'ESOCKET' });
        expect(sender.status()).toBe('down');
      } finally {
        sender.close();
      }
    });

    it('comes back by itself once the SMTP server answers again', async () => {
      const port = await freePort();
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, dataDir: '/nonexistent', log, recheckMs: 50 });
      try {
        expect(await mailer.verify()).toBe('down');
        const smtp = await startSmtp({ port });
        try {
          await vi.waitFor(() => expect(mailer.status()).toBe('ok'), { timeout: 5000, interval: 25 });
          await mailer.sendMail('PASSWORD_CHANGED', 'ana@example.test', 'en', { name: 'Ana' });
          expect((await smtp.waitFor((m) => m.to === 'ana@example.test')).kind).toBe('PASSWORD_CHANGED');
        } finally {
          await smtp.close();
        }
      } finally {
        mailer.close();
      }
    });

    it('stays ok when the server refuses one recipient, and in .eml file mode', async () => {
      const smtp = await startSmtp({ refuseRecipient: (address) => address === 'nobody@example.test' });
      const mailer = createMailer({ smtpUrl: smtp.url, from, dataDir: '/nonexistent', log });
      try {
        expect(await mailer.verify()).toBe('ok');
        await expect(mailer.sendMail('PASSWORD_CHANGED', 'nobody@example.test', 'en', { name: 'Nobody' })).rejects.toMatchObject({ code: 'EENVELOPE' });
        expect(mailer.status()).toBe('ok');
      } finally {
        mailer.close();
        await smtp.close();
      }
      const dir = await mkdtemp(join(tmpdir(), 'bingkai-mail-'));
      const files = createMailer({ smtpUrl: undefined, from, dataDir: dir, log });
      try {
        expect(await files.verify()).toBe('ok');
        await files.sendMail('PASSWORD_CHANGED', 'ana@example.test', 'en', { name: 'Ana' });
        expect(files.status()).toBe('ok');
      } finally {
        files.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
