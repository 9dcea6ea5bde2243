import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { BIO_MAX, NAME_MAX, WEBSITE_LINK_MAX, email as emailSchema, username as usernameSchema, websiteLink as websiteLinkSchema } from '../../../../contract/accountProfile.ts';
import { Button } from '../../../ui/Button.tsx';
import { cancelOwnEmailChange, updateAccount, uploadAvatar, uploadBanner, type AccountUpdate } from '../accountActions.ts';
import { errorMessage } from '../formErrors.ts';
import { useAccountStore } from '../accountStore.ts';
import { Avatar } from '../Avatar.tsx';
import { ImageUploadField } from '../ImageUploadField.tsx';
import { FormError, TextField } from '../../../ui/TextField.tsx';
import { useAccountForm } from '../useAccountForm.ts';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { tIsolated } from '../../../ui/tIsolated.tsx';

const profileSchema = z.object({
  name: z.string().trim().min(1, 'Name may not be empty').max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  username: usernameSchema,
  bio: z.string().trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
  websiteLink: websiteLinkSchema,
});

type ProfileFields = Required<Pick<AccountUpdate, 'name' | 'username' | 'bio' | 'websiteLink'>>;

const emailFormSchema = z.object({ email: emailSchema });

/** Only what changed is sent; nothing changed sends nothing. */
export function changedFields(current: ProfileFields, next: ProfileFields): AccountUpdate {
  const update: AccountUpdate = {};
  for (const key of ['name', 'username', 'bio', 'websiteLink'] as const) if (next[key] !== current[key]) update[key] = next[key];
  return update;
}

export function AccountTab() {
  const { t } = useTranslation();
  const account = useAccountStore();
  const [saved, setSaved] = useState(false);
  const [bannerPreview, setBannerPreview] = useState<string | null>(null);
  const current: ProfileFields = { name: account.name, username: account.username, bio: account.bio, websiteLink: account.websiteLink };
  // Compared with what the form started from, so a profile load landing after mount is never overwritten by untouched fields.
  const baseline = useRef(current);
  const profile = useAccountForm(profileSchema, current, async (next) => {
    setSaved(false);
    const update = changedFields(baseline.current, next);
    if (Object.keys(update).length > 0) await updateAccount(update);
    baseline.current = next;
    setSaved(true);
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby="settings-photos" className="space-y-4">
        <h2 id="settings-photos" className="text-lg font-semibold">
          {t('profile.settings.photos')}
        </h2>
        <div className="flex items-center gap-4">
          <Avatar src={account.avatar} name={account.name} className="size-20" />
          <ImageUploadField label={t('profile.settings.avatar')} upload={uploadAvatar} />
        </div>
        <div className="space-y-2">
          <div className="h-24 overflow-hidden rounded-lg bg-gradient-to-r from-primary/30 to-accent/30">{(bannerPreview ?? account.banner) && <img src={bannerPreview ?? account.banner} alt={t(bannerPreview ? 'profile.settings.bannerPreview' : 'profile.bannerAlt')} className="size-full object-cover" />}</div>
          <ImageUploadField label={t('profile.settings.banner')} upload={uploadBanner} onUploaded={(file) => setBannerPreview(URL.createObjectURL(file))} />
        </div>
      </section>

      <form noValidate onSubmit={profile.onSubmit} className="space-y-4" aria-labelledby="settings-profile">
        <h2 id="settings-profile" className="text-lg font-semibold">
          {t('profile.settings.profile')}
        </h2>
        <TextField label={t('auth.name')} name="name" autoComplete="name" maxLength={NAME_MAX} value={profile.values.name} onValueChange={profile.setValue('name')} error={profile.errors.name} />
        <TextField label={t('profile.settings.username')} name="username" autoComplete="username" dir="ltr" value={profile.values.username} onValueChange={profile.setValue('username')} error={profile.errors.username} hint={t('profile.settings.usernameHint')} />
        <TextField multiline label={t('profile.settings.bio')} name="bio" maxLength={BIO_MAX} value={profile.values.bio} onValueChange={profile.setValue('bio')} error={profile.errors.bio} />
        <TextField label={t('profile.settings.website')} name="websiteLink" type="url" inputMode="url" autoComplete="url" maxLength={WEBSITE_LINK_MAX} value={profile.values.websiteLink} onValueChange={profile.setValue('websiteLink')} error={profile.errors.websiteLink} hint={t('profile.settings.websiteHint')} />
        <FormError message={profile.formError} />
        {saved && !profile.pending && (
          <output className="block text-sm text-muted-foreground">
            {t('profile.settings.saved')}
          </output>
        )}
        <Button type="submit" disabled={profile.pending}>
          {profile.pending ? t('auth.working') : t('profile.settings.save')}
        </Button>
      </form>

      <EmailSection />
    </div>
  );
}

function EmailSection() {
  const { t } = useTranslation();
  const current = useAccountStore((s) => s.email);
  const emailUpdate = useAccountStore((s) => s.emailUpdate);
  const pendingEmail = typeof emailUpdate?.email === 'string' ? emailUpdate.email : null;
  const patch = useAccountStore((s) => s.patch);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const form = useAccountForm(emailFormSchema, { email: '' }, async ({ email }) => {
    if (email === current) throw new Error(t('profile.settings.emailSame'));
    setCancelled(null);
    await updateAccount({ email });
  });
  const cancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      await cancelOwnEmailChange();
      setCancelled(current);
    } catch (error) {
      setCancelError(errorMessage(error));
    } finally {
      setCancelling(false);
    }
  };
  return (
    <section aria-labelledby="settings-email" className="space-y-4">
      <h2 id="settings-email" className="text-lg font-semibold">
        {t('profile.settings.email')}
      </h2>
      <p className="text-sm">{tIsolated(t, 'profile.settings.emailCurrent', { email: current })}</p>
      {pendingEmail ? (
        <div className="space-y-3 rounded-md border bg-muted/40 p-4 text-sm">
          <output className="block">{tIsolated(t, 'profile.settings.emailPending', { email: pendingEmail })}</output>
          <p className="text-muted-foreground">{tIsolated(t, 'profile.settings.emailCancelHint', { email: current })}</p>
          <FormError message={cancelError} />
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/verification" onClick={() => patch({ verifyPayload: { otp: '', email: pendingEmail, request: 'VERIFY_EMAIL_UPDATE' } })}>
                {t('profile.settings.emailEnterCode')}
              </Link>
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={cancelling} onClick={() => void cancel()}>
              {cancelling ? t('auth.working') : t('profile.settings.emailCancel')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-labelledby="settings-email">
          {cancelled && <output className="block text-sm text-muted-foreground">{tIsolated(t, 'profile.settings.emailCancelled', { email: cancelled })}</output>}
          <TextField label={t('profile.settings.emailNew')} name="email" type="email" autoComplete="email" value={form.values.email} onValueChange={form.setValue('email')} error={form.errors.email} hint={t('profile.settings.emailHint')} />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending} variant="outline">{t('profile.settings.emailChange')}</SubmitButton>
        </form>
      )}
    </section>
  );
}
