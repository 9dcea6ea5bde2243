import { ArrowDown, ArrowUp, GripVertical, ImageIcon, RefreshCw, Trash2 } from 'lucide-react';
import { useId, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignType } from '../../../contract/campaign.ts';
import { Button, buttonVariants } from '../../ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { isOpaqueDesign, photoAreas, type FrameDraft } from './frameDrafts.ts';
import { draftHoleSummary } from './holeSummary.ts';
import { FrameStatus } from './FrameStatus.tsx';
import { HoleOverlay } from './HoleOverlay.tsx';

export interface FrameCardProps {
  type: CampaignType;
  draft: FrameDraft;
  index: number;
  count: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onReplace: (file: File) => void;
  onRemove: () => void;
  onDragStart: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  /** Starts a background campaign with this design (offered for an opaque design refused as a frame). */
  onStartBackground: () => void;
}

/** One frame: its picture with the holes outlined, its check status, and the controls to order, replace or remove it. */
export function FrameCard({ type, draft, index, count, selected, onSelect, onMove, onReplace, onRemove, onDragStart, onDrop, onStartBackground }: FrameCardProps) {
  const { t } = useTranslation();
  const replaceId = useId();
  const summaryId = useId();
  const position = index + 1;
  const areas = photoAreas(draft, type);
  const sentences = draftHoleSummary(draft, type, t);
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- dragging is the pointer shortcut; the arrow buttons are the keyboard way
    <li
      draggable
      onDragStart={onDragStart}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      data-testid="frame-card"
      data-frame-name={draft.name}
      className={cn('flex flex-col gap-2 rounded-lg border bg-card p-3', selected && 'border-primary ring-2 ring-primary/40')}
    >
      <div className="flex items-center gap-2">
        <GripVertical className="size-4 cursor-grab text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={draft.name}>
          {t('create.frames.cardTitle', { position, name: draft.name })}
        </span>
      </div>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={t('create.frames.select', { position })}
        aria-describedby={sentences.length > 0 ? summaryId : undefined}
        className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <HoleOverlay url={draft.url} alt={t('create.frames.imageAlt', { position, context: type })} size={areas} />
      </button>
      <FrameStatus draft={draft} type={type} summary={{ id: summaryId, sentences }} />
      {type === 'frame' && isOpaqueDesign(draft) && (
        <div className="flex flex-col items-start gap-2 rounded-md border border-dashed p-2 text-sm" data-testid="opaque-offer">
          <p className="text-muted-foreground">{t('create.frames.opaque.hint')}</p>
          <Button type="button" variant="outline" size="sm" onClick={onStartBackground}>
            <ImageIcon aria-hidden="true" />
            <span>{t('create.frames.opaque.action')}</span>{' '}
            <span className="sr-only">{t('create.frames.frameNumber', { position })}</span>
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-1">
        <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t('create.frames.moveUp', { position })}>
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={t('create.frames.moveDown', { position })}>
          <ArrowDown aria-hidden="true" />
        </Button>
        <input
          id={replaceId}
          type="file"
          accept="image/png"
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onReplace(file);
          }}
        />
        <label htmlFor={replaceId} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring')}>
          <RefreshCw aria-hidden="true" />
          <span>{t('create.frames.replace')}</span>{' '}
          <span className="sr-only">{t('create.frames.frameNumber', { position })}</span>
        </label>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} className="ms-auto text-destructive">
          <Trash2 aria-hidden="true" />
          <span>{t('create.frames.remove')}</span>{' '}
          <span className="sr-only">{t('create.frames.frameNumber', { position })}</span>
        </Button>
      </div>
    </li>
  );
}
