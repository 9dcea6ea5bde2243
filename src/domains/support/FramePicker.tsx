import { useTranslation } from 'react-i18next';
import type { CampaignFrame } from '../../../contract/campaign.ts';
import { cn } from '../../lib/cn.ts';

/** Thumbnails of the campaign's frames; the pressed one is in use. */
export function FramePicker({ frames, selected, onSelect, disabled = false }: { frames: CampaignFrame[]; selected: number; onSelect: (index: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  if (frames.length < 2) return null;
  return (
    <fieldset className="flex flex-wrap justify-center gap-2">
      <legend className="sr-only">{t('support.frames')}</legend>
      {frames.map((frame, index) => (
        <button
          key={frame.id}
          type="button"
          aria-pressed={index === selected}
          aria-label={t('support.frameN', { n: index + 1 })}
          disabled={disabled}
          onClick={() => index !== selected && onSelect(index)}
          className={cn(
            'size-16 overflow-hidden rounded-md border-2 bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:12px_12px] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50',
            index === selected ? 'border-primary' : 'border-transparent',
          )}
        >
          <img src={frame.url} alt="" className="size-full object-contain" />
        </button>
      ))}
    </fieldset>
  );
}
