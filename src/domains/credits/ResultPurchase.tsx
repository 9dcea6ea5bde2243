import { Download, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign } from '../../../contract/campaign.ts';
import { creditPrices } from '../../../contract/credits.ts';
import type { NowatermarkOrderBody } from '../../../contract/creditsApi.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { rememberReturnPath } from '../commerce/public.ts';
import type { SupportResultData } from '../support/public.ts';
import { CreditSpend } from './CreditSpend.tsx';
import { OneOffPayment } from './OneOffPayment.tsx';
import { useResultPurchase } from './useResultPurchase.ts';
import { useResultUnlocks } from './useResultUnlocks.ts';
import { useObjectUrl } from '../../lib/useObjectUrl.ts';

const hiresName = (fileName: string) => fileName.replace(/(\.[a-z0-9]+)?$/i, (ext) => `@2x${ext}`);

/**
 * On the result: what credits buy for this result. The watermark's removal is offered only where the server says
 * this account sees the mark; paid with credits (after a confirm step) when the balance covers it, else a top-up or
 * the one-off payment. Twice the frame's size is offered on any result. Signed-out visitors are asked to sign in.
 */
export function ResultPurchase({ campaign, result, onResult, returnTo = 'support' }: { campaign: Pick<Campaign, 'frames' | 'uri'>; result: SupportResultData; onResult: (result: SupportResultData) => void; returnTo?: NowatermarkOrderBody['returnTo'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const signedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  const resultKey = (signedIn && result.recipe?.resultKey) || null;
  const { state, reload } = useResultUnlocks(campaign.uri, resultKey);
  const [hires, setHires] = useState<Blob | null>(null);
  const hiresUrl = useObjectUrl(hires);
  const { busy, notice, spend, renderPaid } = useResultPurchase({ campaign, result, onResult, onHighResolution: setHires, reload });

  if (!result.recipe) return null;
  const heading = (
    <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
      <Sparkles className="size-5" aria-hidden="true" />
      {t('credits.result.title')}
    </h2>
  );
  if (!signedIn) {
    return (
      <section aria-labelledby={headingId} className="space-y-2 rounded-lg border p-4" data-testid="result-purchase">
        {heading}
        <p className="text-sm">{t(result.watermarked ? 'credits.result.signInWatermark' : 'credits.result.signInHighResolution')}</p>
        <Button variant="outline" size="sm" onClick={() => openAuthModal('sign-in')}>
          {t('credits.result.signIn')}
        </Button>
      </section>
    );
  }
  if (state.status === 'loading') return <Spinner size="sm" label={t('credits.result.loading')} />;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;

  const { unlocks, balance } = state;
  const offerNowatermark = result.watermarked && unlocks.watermarked;
  const topUp = (
    <Link to="/credits" onClick={() => rememberReturnPath(`/${campaign.uri}/result`)} className="font-medium underline underline-offset-4">
      {t('credits.result.topUp')}
    </Link>
  );
  const working = busy !== null;

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border p-4" data-testid="result-purchase">
      {heading}
      <p className="text-sm text-muted-foreground" data-testid="result-balance">
        {t('credits.result.balance', { count: balance })} {topUp}
      </p>

      {offerNowatermark && (
        <div className="space-y-2" data-testid="nowatermark-offer">
          <h3 className="font-medium">{t('credits.result.nowatermarkTitle')}</h3>
          <p className="text-sm">{t('credits.result.appliesTo')}</p>
          {unlocks.nowatermark?.paid ? (
            <Button onClick={() => void renderPaid('nowatermark')} disabled={working}>
              {busy === 'nowatermark' ? t('credits.result.working') : t('credits.result.nowatermarkPaid')}
            </Button>
          ) : balance >= creditPrices.nowatermark ? (
            <CreditSpend label={t('credits.result.nowatermarkBuy', { count: creditPrices.nowatermark })} price={creditPrices.nowatermark} balance={balance} busy={busy === 'nowatermark'} disabled={working} onConfirm={() => void spend('nowatermark')} />
          ) : (
            <>
              <p className="text-sm">{t('credits.result.notEnough', { count: creditPrices.nowatermark })}</p>
              <OneOffPayment uri={campaign.uri} result={result} returnTo={returnTo} />
            </>
          )}
        </div>
      )}

      <div className="space-y-2" data-testid="high-resolution-offer">
        <h3 className="font-medium">{t('credits.result.highResolutionTitle')}</h3>
        <p className="text-sm">{t('credits.result.highResolutionLead', { width: result.width * 2, height: result.height * 2 })}</p>
        {unlocks.highResolution?.paid ? (
          <Button onClick={() => void renderPaid('highResolution')} disabled={working}>
            {busy === 'highResolution' ? t('credits.result.working') : t('credits.result.highResolutionPaid')}
          </Button>
        ) : balance >= creditPrices.highResolution ? (
          <CreditSpend label={t('credits.result.highResolutionBuy', { count: creditPrices.highResolution })} price={creditPrices.highResolution} balance={balance} busy={busy === 'highResolution'} disabled={working} onConfirm={() => void spend('highResolution')} />
        ) : (
          <p className="text-sm">{t('credits.result.notEnough', { count: creditPrices.highResolution })}</p>
        )}
        {hiresUrl && (
          <Button variant="outline" asChild>
            <a href={hiresUrl} download={hiresName(result.fileName)}>
              <Download aria-hidden="true" />
              {t('credits.result.highResolutionDownload')}
            </a>
          </Button>
        )}
      </div>

      <output className="block text-sm" aria-live="polite">
        {notice && <span className={notice.tone === 'error' ? 'text-destructive' : ''}>{notice.text}</span>}
      </output>
    </section>
  );
}
