import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { cn } from '../../lib/cn.ts';

/** The campaign's frame(s) on a transparency checkerboard, with a switcher when there are several. */
export function CampaignFrames({ campaign, className }: { campaign: Campaign; className?: string }) {
  const { t } = useTranslation();
  const [frameIndex, setFrameIndex] = useState(0);
  const frames = [...campaign.frames].sort((a, b) => a.position - b.position);
  const frame = frames[Math.min(frameIndex, frames.length - 1)];
  return (
    <div className={className}>
      <div className="aspect-square overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">
        <img src={frame?.url ?? campaign.thumbnailUrl} alt={t('pages.campaign.frameAlt', { title: campaign.title })} width={frame?.width} height={frame?.height} className="size-full object-contain" />
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
                <img src={f.url} alt="" className="size-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
