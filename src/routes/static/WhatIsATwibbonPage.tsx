import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { LazyCreateCampaignDialog } from '../../domains/create/LazyCreateCampaignDialog.tsx';
import { StaticArticle } from './StaticArticle.tsx';

export default function WhatIsATwibbonPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <StaticArticle route="what-is-a-twibbon">
      <div className="rounded-lg border bg-muted/50 p-6">
        <p className="mb-4 font-medium">{t('pages.what-is-a-twibbon.cta')}</p>
        <Button size="lg" onClick={() => setOpen(true)}>
          {t('pages.actions.createCampaign')}
        </Button>
      </div>
      <LazyCreateCampaignDialog open={open} onOpenChange={setOpen} />
    </StaticArticle>
  );
}
