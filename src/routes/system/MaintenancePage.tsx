import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { SystemPage } from '../../ui/SystemPage.tsx';

export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <SystemPage standalone route="maintenance" icon={<Wrench className="size-12" aria-hidden="true" />} title={t('pages.maintenance.title')} text={t('pages.maintenance.text')}>
      <p className="w-full text-sm text-muted-foreground">{t('pages.maintenance.privacy')}</p>
      <Button asChild>
        <a href="/">{t('pages.actions.tryAgain')}</a>
      </Button>
    </SystemPage>
  );
}
