import { Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { SystemPage } from '../../ui/SystemPage.tsx';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <SystemPage standalone route="coming-soon" icon={<Rocket className="size-12" aria-hidden="true" />} title={t('pages.coming-soon.title')} text={t('pages.coming-soon.text')}>
      <Button asChild>
        <Link to="/explore/campaign">{t('pages.actions.explore')}</Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to="/">{t('pages.actions.home')}</Link>
      </Button>
    </SystemPage>
  );
}
