import { changeLocale } from '../lib/i18n/index.ts';
import { isLoggedIn, loadAccountActions, useAccountStore } from '../domains/account/public.ts';
import { DEFAULT_COUNTRY } from './localeSetup.ts';

/**
 * The navbar's language choice: the page switches at once and this device remembers it; a signed-in person's
 * account keeps it too, since every load of a signed-in page starts in the account's language (localeSetup.ts).
 * Resolves once the choice is saved; rejects when the account could not take it (the page stays switched).
 */
export async function chooseLanguage(code: string): Promise<void> {
  const account = useAccountStore.getState();
  account.patch({ language: code, locale: code });
  await changeLocale(code);
  if (!isLoggedIn(account)) return;
  const { saveGeneralPreference } = await loadAccountActions();
  await saveGeneralPreference({ country: account.country || DEFAULT_COUNTRY, language: code });
}
