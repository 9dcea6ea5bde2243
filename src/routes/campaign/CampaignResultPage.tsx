import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { Campaign } from '../../../contract/campaign.ts';
import { fillCaption } from '../../../contract/caption.ts';
import { Button } from '../../ui/Button.tsx';
import { CampaignGate } from '../../domains/campaign/CampaignGate.tsx';
import { ShareButtons } from '../../domains/campaign/ShareButtons.tsx';
import { siteUrl } from '../../domains/campaign/shareLinks.ts';
import { AccountPrompt } from '../../domains/result/AccountPrompt.tsx';
import { CaptionEditor } from '../../domains/result/CaptionEditor.tsx';
import { PostPublicly } from '../../domains/result/PostPublicly.tsx';
import { ResultSave } from '../../domains/result/ResultSave.tsx';
import { ResultPurchase } from '../../domains/credits/ResultPurchase.tsx';
import { getSupportResult, setSupportResult, type SupportResultData } from '../../domains/support/supportResult.ts';

export default function CampaignResultPage() {
  const { uri = '' } = useParams();
  const result = getSupportResult(uri);
  // The result lives in memory only: after a reload there is nothing to show, so the flow starts again.
  if (!result) return <Navigate to={`/${uri}/support`} replace />;
  return (
    <CampaignGate key={uri} uri={uri} route="campaign-result">
      {(campaign) => <ResultView campaign={campaign} result={result} />}
    </CampaignGate>
  );
}

function ResultView({ campaign, result: rendered }: { campaign: Campaign; result: SupportResultData }) {
  const { t } = useTranslation();
  // A purchase renders the result again (without the watermark): it replaces the one shown, here and in memory.
  const [result, setResult] = useState(rendered);
  const replaceResult = (next: SupportResultData) => {
    setSupportResult(next);
    setResult(next);
  };
  const [blankValues, setBlankValues] = useState<string[]>([]);
  const caption = fillCaption(campaign.caption, blankValues);

  return (
    <div data-route="campaign-result" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t('result.title')}</h1>
        <p className="text-muted-foreground">{t('result.lead', { title: campaign.title })}</p>
        <ResultSave result={result} />
        <ResultPurchase campaign={campaign} result={result} onResult={replaceResult} />
      </div>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="result-share" className="space-y-2">
          <h2 id="result-share" className="text-lg font-semibold">
            {t('result.shareTitle')}
          </h2>
          <ShareButtons url={siteUrl(`/${campaign.uri}`)} text={t('share.supportText', { title: campaign.title })} campaignUri={campaign.uri} />
        </section>
        {campaign.caption.trim() && <CaptionEditor template={campaign.caption} values={blankValues} onValuesChange={setBlankValues} />}
        <AccountPrompt />
        <PostPublicly campaignUri={campaign.uri} image={result.blob} caption={caption} />
        <Button variant="outline" asChild className="w-fit">
          <Link to={`/${campaign.uri}/support`}>
            <RotateCcw aria-hidden="true" />
            {t('result.again')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
