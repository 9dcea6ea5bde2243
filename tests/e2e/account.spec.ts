import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { codeIn, newestMail, registerAndVerify, signOut } from '../testing/accounts.ts';

const AVATAR = 'node_modules/@vladmandic/face-api/demo/sample1.jpg';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

test('register → verify → sign out → sign in → edit profile, photo, website and banner → change email and cancel twice → delete', async ({ page, watch }) => {
  test.setTimeout(120_000);
  // The deliberate wrong password and the sign-in after deletion are refused.
  watch.allow(/401 \(Unauthorized\) \[[^\]]*\/api\/v2\/account\/auth\/native/);
  const stamp = Date.now();
  const email = `e2e-${stamp}@example.com`;
  const password = 'frame-it-2026';
  const accountCalls: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v2/account/')) accountCalls.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });

  await registerAndVerify(page, 'Ayu Tester', email, password);
  await expect(page.getByText(`${email} · verified`)).toBeVisible();
  const dialog = page.getByRole('dialog');
  // Opening the own profile ran locale setup against the real API: token refresh and general preference.
  await expect.poll(() => accountCalls).toEqual(expect.arrayContaining(['POST /api/v2/account/auth/refresh 200', 'GET /api/v2/account/preference/get 200']));
  // The refresh credential is an HttpOnly cookie scoped to the auth routes: the page's scripts never see it.
  const refreshCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'bingkai_refresh');
  expect(await refreshCookie()).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/v2/account/auth' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('bingkai_refresh');

  // Sign out, then back in with the password.
  await signOut(page, 'Ayu Tester');
  expect(await page.evaluate(() => localStorage.getItem('bingkai-token'))).toBeNull();
  // The server ended this device's refresh family and dropped the cookie.
  await expect.poll(() => accountCalls).toContain('POST /api/v2/account/auth/logout 200');
  await expect.poll(refreshCookie).toBeUndefined();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('wrong-password-1');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu for Ayu Tester' })).toBeVisible();

  // Name and photo.
  await page.goto('/profile/profile-settings');
  await expectRouteReady(page, 'profile-settings');
  await page.getByLabel('Name', { exact: true }).fill('Ayu Renamed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Ayu Renamed' })).toBeVisible();
  await page.getByLabel('Profile photo').setInputFiles(AVATAR);
  await expect(page.getByText('Uploaded.')).toBeVisible({ timeout: 20_000 });
  const avatar = page.getByRole('img', { name: 'Ayu Renamed' });
  await expect(avatar).toBeVisible();
  const avatarSrc = await avatar.getAttribute('src');
  expect(avatarSrc).toBeTruthy();
  const image = await page.request.get(avatarSrc ?? '');
  expect(image.ok()).toBe(true);
  expect(image.headers()['content-type']).toMatch(/^image\//);

  // Website link and banner; both come back after a reload through the refresh profile, not the persisted store.
  await page.getByLabel('Website').fill('https://ayu.example.com/frames');
  const savedWebsite = page.waitForResponse((response) => response.url().endsWith('/api/v2/account/update') && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await savedWebsite).status()).toBe(200);
  await page.getByLabel('Banner', { exact: true }).setInputFiles(AVATAR);
  await expect(page.getByRole('img', { name: 'Your new banner' })).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('bingkai-account') ?? '{}') as { state: Record<string, unknown> };
    localStorage.setItem('bingkai-account', JSON.stringify({ ...stored, state: { ...stored.state, banner: '', websiteLink: '' } }));
  });
  await page.goto('/profile');
  await expectRouteReady(page, 'profile-own');
  const banner = page.getByRole('img', { name: 'Profile banner' });
  await expect(banner).toBeVisible();
  const bannerSrc = (await banner.getAttribute('src')) ?? '';
  expect(bannerSrc).toMatch(/\/files\/public\/banners\/.+\.webp$/);
  const bannerImage = await page.request.get(bannerSrc);
  expect(bannerImage.headers()['content-type']).toBe('image/webp');
  await expect(page.getByRole('link', { name: 'ayu.example.com/frames' })).toHaveAttribute('href', 'https://ayu.example.com/frames');
  await page.goto('/profile/profile-settings');
  await expectRouteReady(page, 'profile-settings');

  // Email change, cancelled through the link mailed to the old address.
  const newEmail = `e2e-new-${stamp}@example.com`;
  const changedAt = Date.now();
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Waiting for verification of ${newEmail}.`)).toBeVisible();
  codeIn(await newestMail('VERIFY_EMAIL_UPDATE', newEmail, changedAt));
  const cancelMail = await newestMail('EMAIL_CHANGE_CANCEL', email, changedAt);
  const link = /(?:https?:\/\/[^\s/]+)?\/reset-email\/[^\s"<>)\]]+/.exec(cancelMail)?.[0];
  expect(link, 'a cancel link in the mail').toBeTruthy();
  const url = new URL(link ?? '', 'http://localhost');
  await page.goto(url.pathname + url.search);
  await expectRouteReady(page, 'cancel-reset-email');
  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(page.getByText('The email change was cancelled.')).toBeVisible();
  await page.goto('/profile/profile-settings');
  await expect(page.getByText(`Current address: ${email}`)).toBeVisible();
  await expect(page.getByLabel('New email address')).toBeVisible();

  // Another change, cancelled from settings while signed in.
  await page.getByLabel('New email address').fill(`e2e-other-${stamp}@example.com`);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Waiting for verification of e2e-other-${stamp}@example.com.`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel email change' }).click();
  await expect(page.getByText(`The email change was cancelled. ${email} stays your address.`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Current address: ${email}`)).toBeVisible();
  await expect(page.getByLabel('New email address')).toBeVisible();

  // Delete the account, confirmed by typing the address.
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByRole('button', { name: 'Delete forever' })).toBeDisabled();
  await confirm.getByLabel('Your email address').fill(email);
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await expectRouteReady(page, 'home');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The deleted account cannot sign in any more.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(dialog.getByRole('alert')).toBeVisible();
});

test('forgot password → link from the mail → new password signs in, the old one does not', async ({ page, watch }) => {
  test.setTimeout(90_000);
  watch.allow(/401 \(Unauthorized\) \[[^\]]*\/api\/v2\/account\/auth\/native/);
  const email = `e2e-reset-${Date.now()}@example.com`;
  await registerAndVerify(page, 'Reset Tester', email, 'first-pass-1');
  await signOut(page, 'Reset Tester');

  const askedAt = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText(`If an account uses ${email}, a reset link is on its way.`)).toBeVisible();
  await page.keyboard.press('Escape');

  const mail = await newestMail('RESET_PASSWORD', email, askedAt);
  const link = /(?:https?:\/\/[^\s/]+)?\/reset-password\?ticket=[^\s"<>)\]]+/.exec(mail)?.[0];
  expect(link, 'a reset link in the mail').toBeTruthy();
  const url = new URL(link ?? '', 'http://localhost');
  await page.goto(url.pathname + url.search);
  await expectRouteReady(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await page.getByLabel('Repeat the new password').fill('second-pass-3');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('first-pass-1');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Password').fill('second-pass-2');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page.getByRole('button', { name: 'Account menu for Reset Tester' })).toBeVisible();
});
