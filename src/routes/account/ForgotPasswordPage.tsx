import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../domains/account/ForgotPasswordForm.tsx';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const email = useAccountStore((s) => s.email);
  return (
    <PageContainer route="forgot-password" className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth.forgot.title')}</h1>
      <p className="mt-3 mb-6 text-muted-foreground">{t('auth.forgot.lead')}</p>
      <div className="rounded-lg border bg-card p-6">
        <ForgotPasswordForm initialEmail={email} />
      </div>
    </PageContainer>
  );
}
