import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { textDirection, toBcp47 } from '../../../contract/locales.ts';

/** Every mail the server sends; each has `mail.<kind>.*` texts in locales/en.json and in every other locale's file. */
export const mailKinds = [
  'VERIFY_REGISTRATION',
  'VERIFY_EMAIL_UPDATE',
  'RESET_PASSWORD',
  'PASSWORD_CHANGED',
  'EMAIL_CHANGE_CANCEL',
  'ACCOUNT_DELETED',
  'APPEAL_RECEIVED',
  // Notification mails (server/domain/notificationMail.ts), one per notification type.
  'NOTIFICATION_MILESTONE',
  'NOTIFICATION_TRENDING',
  'NOTIFICATION_RECAP',
  'NOTIFICATION_WHATS_NEW',
  'NOTIFICATION_ARTICLE',
  'NOTIFICATION_SUBMISSION',
  'NOTIFICATION_COMMENTS',
  // Billing mails (server/domain/billingMail.ts).
  'BILLING_RECEIPT',
  'BILLING_PAYMENT_FAILED',
  'BILLING_RENEWAL_REMINDER',
  'BILLING_PLAN_ENDED',
] as const;
export type MailKind = (typeof mailKinds)[number];
const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

/** The locales mails are written in: one per message file in locales/ (`en`, `id`, `en-gb`, `zh-cn`…). */
export const mailLocales: readonly string[] = readdirSync(LOCALES_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();
/** A code of mailLocales. */
export type MailLocale = string;

/**
 * Interpolated into the texts; `code` shows a code box, `link` a button (label `mail.<kind>.action`, else `mail.openLink`),
 * `unsubscribe` a signed unsubscribe link under the footer (`mail.unsubscribe`). The footer is `mail.<kind>.footer`, else `mail.footer`.
 */
export interface MailVars {
  name?: string;
  code?: string;
  link?: string;
  unsubscribe?: string;
  minutes?: number;
  [key: string]: string | number | undefined;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function loadLocale(locale: MailLocale): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8')) as Record<string, unknown>;
}

let translator: Promise<{ instance: I18n; t: TFunction }> | undefined;

/** The mail translator, with a locale's messages read the first time a mail is written in it. */
async function getTranslator(locale: MailLocale): Promise<TFunction> {
  translator ??= (async () => {
    const instance = i18next.createInstance();
    // HTML escaping happens in renderMail, per part.
    const t = await instance.init({
      resources: { en: { translation: loadLocale('en') } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return { instance, t };
  })();
  const { instance, t } = await translator;
  if (!instance.hasResourceBundle(i18nextTag(locale), 'translation')) instance.addResourceBundle(i18nextTag(locale), 'translation', loadLocale(locale));
  return t;
}

/** The tag i18next looks a locale up by: canonical BCP 47 (`zh-cn` → `zh-CN`, `tl-ph` → `fil-PH`). */
function i18nextTag(locale: MailLocale): string {
  return Intl.getCanonicalLocales(toBcp47(locale))[0]!;
}

/** One message of the mail texts in a mail locale (for parts a template is built from, such as a recap's lines). */
export async function mailText(locale: MailLocale, key: string, vars: Record<string, string | number> = {}): Promise<string> {
  const t = await getTranslator(locale);
  return t(key, { ...vars, lng: i18nextTag(locale) });
}

/**
 * The mail locale for an account's locale or language: the same code (any case, `_` or `-`: `en_GB` → `en-gb`),
 * else its language (`id-ID` → `id`, `km_KH` → `km`, `pt-BR` → `pt`), else en.
 */
export function mailLocale(locale: string | null | undefined): MailLocale {
  const wanted = (locale ?? '').trim().toLowerCase().replace(/_/g, '-');
  const language = wanted.split('-')[0]!;
  return mailLocales.find((code) => code === wanted) ?? mailLocales.find((code) => code === language) ?? 'en';
}

/** Intl's tag for a mail locale: en writes US-style numbers and dates; the other codes are tags already (`zh-cn`). */
export function mailIntlTag(locale: MailLocale): string {
  return locale === 'en' ? 'en-US' : locale;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export async function renderMail(kind: MailKind, locale: MailLocale, vars: MailVars): Promise<RenderedMail> {
  const t = await getTranslator(locale);
  const options = { ...vars, lng: i18nextTag(locale) };
  const text = (key: string) => t(`mail.${kind}.${key}`, options);
  const subject = text('subject');
  const greeting = t('mail.greeting', options);
  const paragraphs = text('body').split('\n\n');
  const footer = t([`mail.${kind}.footer`, 'mail.footer'], options);
  const unsubscribe = vars.unsubscribe ? t('mail.unsubscribe', options) : '';
  const action = t([`mail.${kind}.action`, 'mail.openLink'], options);
  const plain = [greeting, ...paragraphs, vars.code ? vars.code : '', vars.link ? `${action}: ${vars.link}` : '', footer, vars.unsubscribe ? `${unsubscribe}: ${vars.unsubscribe}` : ''].filter(Boolean).join('\n\n');
  const html = [
    `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1b1b1b">',
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    '<p style="font-size:20px;font-weight:bold;margin:0 0 24px;color:#0f9e8c">Bingkai</p>',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    vars.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;margin:24px 0">${escapeHtml(vars.code)}</p>` : '',
    vars.link
      ? `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(vars.link)}" style="background:#16dac1;color:#1b1b1b;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p><p style="font-size:12px;color:#555;word-break:break-all">${escapeHtml(vars.link)}</p>`
      : '',
    `<p style="font-size:12px;color:#555;margin-top:32px">${escapeHtml(footer)}</p>`,
    vars.unsubscribe ? `<p style="font-size:12px;color:#555"><a href="${escapeHtml(vars.unsubscribe)}" style="color:#555">${escapeHtml(unsubscribe)}</a></p>` : '',
    '</div></body></html>',
  ].join('');
  return { subject, text: plain, html };
}
