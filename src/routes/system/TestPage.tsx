import { useTranslation } from 'react-i18next';
import { DeviceCheck } from '../../domains/deviceCheck/DeviceCheck.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /test/test/test: the device check of the image pipeline. */
export default function TestPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="test" className="max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('pipeline.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('pipeline.lead')}</p>
      <DeviceCheck />
    </PageContainer>
  );
}
