import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { ResponsiveDialog } from '../../components/ResponsiveDialog.tsx';
import { useAccountStore } from '../../stores/accountStore.ts';

/** Opened by the sign-in button through the account store's modal state. */
export default function SignInDialog() {
  const { t } = useTranslation();
  const show = useAccountStore((s) => s.modal.show);
  const close = useAccountStore((s) => s.closeAuthModal);
  return (
    <ResponsiveDialog
      open={show}
      onOpenChange={(open) => !open && close()}
      title={t('nav.signInDialog.title')}
      description={t('nav.signInDialog.description')}
      footer={
        <>
          <Button variant="outline" asChild>
            <Link to="/what-is-a-twibbon" onClick={close}>
              {t('nav.whatIsATwibbon')}
            </Link>
          </Button>
          <Button asChild>
            <Link to="/explore/campaign" onClick={close}>
              {t('nav.signInDialog.explore')}
            </Link>
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-muted-foreground">
        <li>{t('nav.signInDialog.noAccountNeeded')}</li>
        <li>{t('nav.signInDialog.privacy')}</li>
        <li>{t('nav.signInDialog.creators')}</li>
      </ul>
    </ResponsiveDialog>
  );
}
