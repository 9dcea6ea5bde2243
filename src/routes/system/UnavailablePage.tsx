import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { SystemPage } from '../../ui/SystemPage.tsx';

export default function UnavailablePage() {
  const { t } = useTranslation();
  return (
    <SystemPage route="unavailable" icon={<Ban className="size-12" aria-hidden="true" />} title={t('pages.unavailable.title')} text={t('pages.unavailable.text')}>
      <Button asChild>
        <Link to="/">{t('pages.actions.home')}</Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to="/contact-us">{t('pages.actions.contact')}</Link>
      </Button>
    </SystemPage>
  );
}
