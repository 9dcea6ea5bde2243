import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { BaseLogger } from 'pino';
import { mailLocale, renderMail, type MailKind, type MailVars } from './mailTemplates.ts';

/** 'down' while the SMTP server cannot be reached or refuses us; the site then shows its maintenance banner. */
export type MailStatus = 'ok' | 'down';

export interface Mailer {
  /**
   * Renders the localized mail (html + text) and sends it; `locale` is any locale code (id* → Indonesian, else English).
   * `listUnsubscribe` (a URL) becomes the List-Unsubscribe header of a mail sent because of a preference.
   */
  sendMail(kind: MailKind, to: string, locale: string | null | undefined, vars: MailVars, options?: { listUnsubscribe?: string }): Promise<void>;
  /** Current state: a failed connection check or send marks it down, the next success ok. File mode is always ok. */
  status(): MailStatus;
  /** Checks the SMTP connection now (connect, greeting, auth), records and returns the result. */
  verify(): Promise<MailStatus>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Pick<BaseLogger, 'info' | 'error'>;
  /** While down, the connection is checked again this often (ms). */
  recheckMs?: number;
}

const RECHECK_MS = 60_000;

/** A refused recipient or message says nothing about the service being down. */
const perMessageErrors = new Set(['EENVELOPE', 'EMAXRECIPIENTS']);

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file under dataDir/mail (development). */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = join(options.dataDir, 'mail');
  let status: MailStatus = 'ok';
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;

  function record(next: MailStatus, error?: unknown): void {
    if (next === 'down' && status === 'ok') options.log.error({ err: error }, 'mail service is down');
    if (next === 'ok' && status === 'down') options.log.info('mail service is back');
    status = next;
    if (next === 'ok' || closed) {
      clearInterval(recheck);
      recheck = undefined;
    } else if (!recheck) {
      recheck = setInterval(() => void mailer.verify(), options.recheckMs ?? RECHECK_MS);
      recheck.unref();
    }
  }

  const mailer: Mailer = {
    async sendMail(kind, to, locale, vars, extra = {}) {
      const rendered = await renderMail(kind, mailLocale(locale), vars);
      const list = extra.listUnsubscribe ? { list: { unsubscribe: extra.listUnsubscribe } } : {};
      let info: { message?: Buffer };
      try {
        info = (await transport.sendMail({ from: options.from, to, ...rendered, headers: { 'x-bingkai-mail': kind }, ...list })) as { message?: Buffer };
      } catch (error) {
        if (options.smtpUrl && !perMessageErrors.has((error as { code?: string }).code ?? '')) record('down', error);
        throw error;
      }
      if (options.smtpUrl) return record('ok');
      await mkdir(mailDir, { recursive: true });
      const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message ?? '');
      options.log.info({ kind, file }, 'mail written to file (SMTP_URL not set)');
    },
    status: () => status,
    async verify() {
      if (!options.smtpUrl || closed) return status;
      try {
        await transport.verify();
        record('ok');
      } catch (error) {
        record('down', error);
      }
      return status;
    },
    close() {
      closed = true;
      clearInterval(recheck);
      transport.close();
    },
  };
  return mailer;
}
