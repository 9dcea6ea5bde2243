import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DesignSuggestions } from '../../domains/designer/DesignSuggestions.tsx';
import { startNewDesign } from '../../domains/designer/startNewDesign.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

/**
 * /ai-twibbon: describe a frame and get designs suggested from the built-in templates, on the device (no
 * model, no network). The chosen one opens in the frame designer on /create/frame as a new draft, the way a
 * template picked in the start dialog does.
 */
export default function AiTwibbonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageContainer route="ai-twibbon" className="flex flex-col gap-6">
      <div className="flex max-w-3xl flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('pages.ai-twibbon.title')}</h1>
        <p className="text-muted-foreground">{t('pages.ai-twibbon.lead')}</p>
        <p className="text-sm text-muted-foreground">
          {t('pages.ai-twibbon.onDevice')}{' '}
          <Link to="/create/frame" className="underline underline-offset-4 hover:text-foreground">
            {t('pages.ai-twibbon.blank')}
          </Link>
        </p>
      </div>
      <DesignSuggestions
        onOpen={async (suggestion) => {
          const document = await startNewDesign(suggestion.document);
          await navigate(`/create/frame/${encodeURIComponent(document.id)}`);
        }}
      />
    </PageContainer>
  );
}
