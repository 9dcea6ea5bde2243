import { Link2, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { recordShare } from '../../api/campaignAnalytics.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { cn } from '../../lib/cn.ts';
import { shareIntentUrl, shareNetworks } from './shareLinks.ts';
import type { ShareChannel } from '../../../contract/campaignAnalytics.ts';

const NETWORK_NAMES = { whatsapp: 'WhatsApp', facebook: 'Facebook', x: 'X', telegram: 'Telegram' } as const;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Share-intent links, copy link, and the system share sheet where the browser has one. With `campaignUri`, each
 * share is told to the creator's analytics (channel only), without waiting for it.
 */
export function ShareButtons({ url, text, className, campaignUri }: { url: string; text: string; className?: string; campaignUri?: string }) {
  const { t } = useTranslation();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const shared = (channel: ShareChannel) => {
    if (campaignUri) recordShare(campaignUri, channel);
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      shared('copy_link');
      toast({ title: t('pages.campaign.copied') });
    } catch {
      toast({ title: t('pages.campaign.copyFailed'), variant: 'destructive' });
    }
  };

  const shareNative = async () => {
    try {
      await navigator.share({ title: text, text, url });
      shared('native');
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (!isAbort(error)) toast({ title: t('share.failed'), variant: 'destructive' });
    }
  };

  return (
    <section aria-label={t('share.label')} className={cn('flex flex-wrap gap-2', className)}>
      {shareNetworks.map((network) => (
        <Button key={network} variant="outline" size="sm" asChild>
          <a href={shareIntentUrl(network, url, text)} target="_blank" rel="noopener noreferrer" onClick={() => shared(network)} aria-label={t('share.on', { network: NETWORK_NAMES[network] })}>
            {NETWORK_NAMES[network]}
          </a>
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={copyLink}>
        <Link2 aria-hidden="true" />
        {t('pages.campaign.copyLink')}
      </Button>
      {canShare && (
        <Button variant="outline" size="sm" onClick={shareNative}>
          <Share2 aria-hidden="true" />
          {t('share.more')}
        </Button>
      )}
    </section>
  );
}
