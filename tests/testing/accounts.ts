import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** Where the e2e server (playwright.config.ts: DATA_DIR=.tmp/e2e-data, no SMTP_URL) writes its mail. */
const MAIL_DIR = join(process.env.E2E_DATA_DIR ?? join('.tmp', 'e2e-data'), 'mail');

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The plain-text part of the newest mail of this kind sent to `to`, waiting for it to arrive. */
export async function newestMail(kind: string, to: string, after: number): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => name.includes(`-${kind}-`) && name.endsWith('.eml')).sort();
        for (const name of names.reverse()) {
          const raw = await readFile(join(MAIL_DIR, name), 'utf8');
          const [headers = ''] = raw.split(/\r?\n\r?\n/, 1);
          const sentAt = Date.parse(/^Date: (.+)$/m.exec(headers)?.[1] ?? '');
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers) || sentAt < after - 2000) continue;
          const plain = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/i.exec(raw)?.[1] ?? raw;
          found = decodeQuotedPrintable(plain);
          return true;
        }
        return false;
      },
      { timeout: 15_000, message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  return found ?? '';
}

export function codeIn(mail: string): string {
  const code = /\b(\d{6})\b/.exec(mail)?.[1];
  expect(code, 'a 6-digit code in the mail').toBeTruthy();
  return code ?? '';
}

export async function solveCaptcha(page: Page): Promise<void> {
  const captcha = page.getByTestId('captcha');
  // A person clicks the label; the widget's check mark sits over the box itself.
  await captcha.getByText("I'm not a robot").click();
  // Real proof of work in the widget's worker.
  await expect(captcha.getByText('Verified')).toBeVisible({ timeout: 30_000 });
}

export async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

/** Registers through the auth modal (solving the captcha) and verifies with the mailed code. */
export async function registerAndVerify(page: Page, name: string, email: string, password: string): Promise<void> {
  const started = Date.now();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign in to Bingkai' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await solveCaptcha(page);
  await dialog.getByRole('button', { name: 'Create account', exact: true }).last().click();
  await expect(page.locator('[data-route="verification"]')).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  const code = codeIn(await newestMail('VERIFY_REGISTRATION', email, started));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('[data-route="profile-own"]')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(name);
}

/** Signs in through the auth modal, opened by `opener` (by default the navbar's "Sign in"). */
export async function signInWithPassword(page: Page, name: string, email: string, password: string, opener: Locator = page.getByRole('button', { name: 'Sign in' }).first()): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign in to Bingkai' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}
