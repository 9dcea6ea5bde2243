import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../ui/Button.tsx';
import type { CampaignType } from '../../../contract/campaign.ts';
import { cn } from '../../lib/cn.ts';
import { FrameCard } from './FrameCard.tsx';
import type { FrameDraft } from './frameDrafts.ts';
import { PlanLock } from './PlanLock.tsx';

export interface FrameListProps {
  type: CampaignType;
  drafts: FrameDraft[];
  /** Frames allowed by the creator's plan. */
  maxFrames: number;
  /** More frames would need the creator plan. */
  planLocked: boolean;
  selectedId: string | null;
  error?: string | undefined;
  onSelect: (localId: string) => void;
  onAdd: (files: File[]) => void;
  onReplace: (localId: string, file: File) => void;
  onRemove: (localId: string) => void;
  onMove: (from: number, to: number) => void;
  /** Takes an opaque design refused as a frame to a new background campaign. */
  onStartBackground: (localId: string) => void;
}

const DRAG_TYPE = 'application/x-bingkai-frame-index';

/** The campaign's frames in order: add (picker or drop), drag or arrow buttons to reorder, replace, remove. */
export function FrameList({ type, drafts, maxFrames, planLocked, selectedId, error, onSelect, onAdd, onReplace, onRemove, onMove, onStartBackground }: FrameListProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const room = Math.max(0, maxFrames - drafts.length);
  const dragFrom = useRef<number | null>(null);

  const take = (files: FileList | null | undefined) => {
    const list = Array.from(files ?? []);
    if (list.length > 0 && room > 0) onAdd(list.slice(0, room));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= drafts.length || from === to) return;
    onMove(from, to);
    setAnnouncement(t('create.frames.moved', { from: from + 1, to: to + 1 }));
  };

  const dropOnCard = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(false);
    const from = dragFrom.current ?? Number(event.dataTransfer.getData(DRAG_TYPE));
    dragFrom.current = null;
    if (event.dataTransfer.files.length > 0) take(event.dataTransfer.files);
    else if (Number.isInteger(from)) move(from, index);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-3">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold">
        {t('create.frames.title', { context: type })}
      </h2>
      <p className="text-sm text-muted-foreground">{t('create.frames.hint', { min: 500, max: 4096, mb: 10, context: type })}</p>
      {drafts.length > 0 && (
        <ol className="grid gap-3 sm:grid-cols-2" aria-label={t('create.frames.listLabel')}>
          {drafts.map((draft, index) => (
            <FrameCard
              key={draft.localId}
              type={type}
              draft={draft}
              index={index}
              count={drafts.length}
              selected={draft.localId === selectedId}
              onSelect={() => onSelect(draft.localId)}
              onMove={(to) => move(index, to)}
              onReplace={(file) => onReplace(draft.localId, file)}
              onRemove={() => onRemove(draft.localId)}
              onDragStart={(event) => {
                dragFrom.current = index;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData(DRAG_TYPE, String(index));
              }}
              onDrop={dropOnCard(index)}
              onStartBackground={() => onStartBackground(draft.localId)}
            />
          ))}
        </ol>
      )}
      {room > 0 ? (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            take(event.dataTransfer.files);
          }}
          data-testid="frame-drop-zone"
          className={cn('flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center', dragging ? 'border-primary bg-primary/5' : 'border-border')}
        >
          <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{t('create.frames.drop')}</p>
          <input
            id={inputId}
            type="file"
            accept="image/png"
            multiple={room > 1}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="peer sr-only"
            onChange={(event) => {
              take(event.target.files);
              event.target.value = '';
            }}
          />
          <label htmlFor={inputId} className={cn(buttonVariants({ variant: 'default' }), 'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2')}>
            {drafts.length === 0 ? t('create.frames.choose') : t('create.frames.addMore')}
          </label>
        </div>
      ) : (
        !planLocked && <p className="text-sm text-muted-foreground">{t('create.frames.full', { max: maxFrames })}</p>
      )}
      {planLocked && <PlanLock feature="frames" />}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
