import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { CAMPAIGN_PAGE_FRAME_SIZES, FRAME_THUMBNAIL_SIZES, frameImageSources } from '../../../contract/frameImageSources.ts';
import { cn } from '../../lib/cn.ts';

/**
 * The campaign's frame(s) on a transparency checkerboard, with a switcher when there are several. The first frame is
 * offered with its display-size rendition too; `sizes` says how wide the page shows it (the campaign page's column
 * by default, as the server's first view says).
 */
export function CampaignFrames({ campaign, className, sizes = CAMPAIGN_PAGE_FRAME_SIZES }: { campaign: Campaign; className?: string; sizes?: string }) {
  const { t } = useTranslation();
  const [frameIndex, setFrameIndex] = useState(0);
  const frames = [...campaign.frames].sort((a, b) => a.position - b.position);
  const shown = Math.min(frameIndex, frames.length - 1);
  const frame = frames[shown];
  const displayUrlOf = (index: number) => (index === 0 ? campaign.firstFrameDisplayUrl : null);
  return (
    <div className={className}>
      <div className="aspect-square overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">
        <img {...(frame ? frameImageSources(frame, displayUrlOf(shown), sizes) : { src: campaign.thumbnailUrl })} alt={t('pages.campaign.frameAlt', { title: campaign.title })} width={frame?.width} height={frame?.height} className="size-full object-contain" />
      </div>
      {frames.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('pages.campaign.frames')}>
          {frames.map((f, index) => (
            <li key={f.id}>
              <button
                type="button"
                aria-pressed={index === frameIndex}
                aria-label={t('pages.campaign.frameN', { n: index + 1 })}
                onClick={() => setFrameIndex(index)}
                className={cn('size-16 overflow-hidden rounded-md border-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', index === frameIndex ? 'border-primary' : 'border-transparent')}
              >
                <img {...frameImageSources(f, displayUrlOf(index), FRAME_THUMBNAIL_SIZES)} alt="" className="size-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
