import { ImagePlus, Link2, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toast.tsx';
import { isApiError } from '../../lib/api/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { fetchCampaign } from '../shared/campaignApi.ts';
import { useAsync } from '../shared/useAsync.ts';
import NotFoundPage from '../system/NotFoundPage.tsx';

export default function CampaignPage() {
  const { t, i18n } = useTranslation();
  const { uri = '' } = useParams();
  const [state, retry] = useAsync((signal) => fetchCampaign(uri, signal), [uri]);
  const [frameIndex, setFrameIndex] = useState(0);

  if (state.status === 'error' && isApiError(state.error) && (state.error.code === 'NOT_FOUND' || state.error.status === 404)) {
    return <NotFoundPage />;
  }
  if (state.status !== 'success') {
    return (
      <div data-route="campaign" aria-busy={state.status === 'loading'} className="mx-auto flex min-h-[60vh] max-w-6xl flex-col items-center justify-center px-4">
        {state.status === 'loading' ? (
          <>
            <h1 className="sr-only">{t('pages.campaign.loading')}</h1>
            <Spinner label={t('pages.campaign.loading')} />
          </>
        ) : (
          <>
            <h1 className="mb-2 text-2xl font-bold">{t('pages.campaign.errorTitle')}</h1>
            <EmptyState
              title={t('pages.campaignList.error')}
              action={
                <Button variant="outline" onClick={retry}>
                  {t('pages.actions.retry')}
                </Button>
              }
            />
          </>
        )}
      </div>
    );
  }

  const campaign = state.data;
  const frames = [...campaign.frames].sort((a, b) => a.position - b.position);
  const frame = frames[Math.min(frameIndex, frames.length - 1)];
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href.split('?')[0] ?? window.location.href);
      toast({ title: t('pages.campaign.copied') });
    } catch {
      toast({ title: t('pages.campaign.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <div data-route="campaign" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
      <div>
        <div className="aspect-square overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">
          <img src={frame?.url ?? campaign.thumbnailUrl} alt={t('pages.campaign.frameAlt', { title: campaign.title })} width={frame?.width} height={frame?.height} className="size-full object-contain" />
        </div>
        {frames.length > 1 && (
          <ul className="mt-3 flex gap-2" aria-label={t('pages.campaign.frames')}>
            {frames.map((f, index) => (
              <li key={f.id}>
                <button
                  type="button"
                  aria-pressed={index === frameIndex}
                  aria-label={t('pages.campaign.frameN', { n: index + 1 })}
                  onClick={() => setFrameIndex(index)}
                  className={cn('size-16 overflow-hidden rounded-md border-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', index === frameIndex ? 'border-primary' : 'border-transparent')}
                >
                  <img src={f.url} alt="" className="size-full object-contain" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{campaign.title}</h1>
        <Link to={`/u/${campaign.creator.username}`} className="flex w-fit items-center gap-2 rounded-md text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {campaign.creator.avatarUrl ? (
            <img src={campaign.creator.avatarUrl} alt="" className="size-8 rounded-full object-cover" />
          ) : (
            <span className="flex size-8 items-center justify-center rounded-full bg-muted font-semibold" aria-hidden="true">
              {campaign.creator.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span>{t('pages.campaign.by', { name: campaign.creator.name })}</span>
        </Link>
        <p className="flex items-center gap-2 text-muted-foreground">
          <Users className="size-5" aria-hidden="true" />
          {t('pages.campaign.supporters', { count: campaign.supportersCount, formatted: formatNumber(campaign.supportersCount, i18n.language || 'en') })}
        </p>
        {campaign.description && <p className="leading-relaxed whitespace-pre-line">{campaign.description}</p>}
        <div className="flex flex-wrap gap-3">
          <Button size="lg" asChild>
            <Link to={`/${campaign.uri}/support`}>
              <ImagePlus aria-hidden="true" />
              {t('pages.campaign.choosePhoto')}
            </Link>
          </Button>
          <Button size="lg" variant="outline" onClick={copyLink}>
            <Link2 aria-hidden="true" />
            {t('pages.campaign.copyLink')}
          </Button>
        </div>
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('pages.campaign.privacy')}
        </p>
      </div>
    </div>
  );
}
