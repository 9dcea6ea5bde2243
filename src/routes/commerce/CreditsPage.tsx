import { useTranslation } from 'react-i18next';
import { CreditsView } from '../../domains/credits/CreditsView.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function CreditsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="credits" className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('credits.title')}</h1>
      <CreditsView />
    </PageContainer>
  );
}
