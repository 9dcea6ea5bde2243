import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from './Button.tsx';
import { SystemPage } from './SystemPage.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <SystemPage route="not-found" icon={<SearchX className="size-12" aria-hidden="true" />} title={t('pages.not-found.title')} text={t('pages.not-found.text')}>
      <Button asChild>
        <Link to="/">{t('pages.actions.home')}</Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to="/explore/campaign">{t('pages.actions.explore')}</Link>
      </Button>
    </SystemPage>
  );
}
