import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, GripVertical, RefreshCw, Trash2 } from 'lucide-react';
import { useId, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { draftHoles, type FrameDraft } from './frameDrafts.ts';
import { HoleOverlay } from './HoleOverlay.tsx';

export interface FrameCardProps {
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
}

/** One frame: its picture with the holes outlined, its check status, and the controls to order, replace or remove it. */
export function FrameCard({ draft, index, count, selected, onSelect, onMove, onReplace, onRemove, onDragStart, onDrop }: FrameCardProps) {
  const { t } = useTranslation();
  const replaceId = useId();
  const position = index + 1;
  const holes = draftHoles(draft);
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
      <button type="button" onClick={onSelect} aria-pressed={selected} aria-label={t('create.frames.select', { position })} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <HoleOverlay url={draft.url} alt={t('create.frames.imageAlt', { position })} size={holes} />
      </button>
      <FrameStatus draft={draft} />
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

function FrameStatus({ draft }: { draft: FrameDraft }) {
  const { t } = useTranslation();
  const { analysis, upload } = draft;
  if (upload.status === 'refused') {
    const { refusal } = upload;
    return (
      <div role="alert" data-testid="frame-refusal" className="flex items-start gap-2 rounded-md bg-destructive/10 p-2 text-sm text-destructive">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">{t(`create.refusal.${refusal.key}`, refusal.values ?? {})}</p>
          {refusal.detail && <p className="text-xs opacity-80">{t('create.refusal.server', { message: refusal.detail })}</p>}
        </div>
      </div>
    );
  }
  const lines: { key: string; text: string; tone: 'busy' | 'ok' | 'warn' | 'muted' }[] = [];
  if (analysis.status === 'pending') lines.push({ key: 'analysis', text: t('create.frames.analysing'), tone: 'busy' });
  if (analysis.status === 'failed') lines.push({ key: 'analysis', text: t(`errors.pipeline.${analysis.code}`), tone: 'warn' });
  if (analysis.status === 'ready') lines.push({ key: 'analysis', text: t('create.frames.holes', { count: analysis.loaded.analysis.holes.length }), tone: 'muted' });
  if (upload.status === 'waiting') lines.push({ key: 'upload', text: t('create.frames.waitingSignIn'), tone: 'muted' });
  if (upload.status === 'uploading') lines.push({ key: 'upload', text: t('create.frames.uploading'), tone: 'busy' });
  if (upload.status === 'checked') lines.push({ key: 'upload', text: t('create.frames.checked', { width: upload.checked.width, height: upload.checked.height }), tone: 'ok' });
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-live="polite">
      {lines.map((line) => (
        <li key={line.key} className={cn('flex items-center gap-2', line.tone === 'warn' && 'text-amber-700 dark:text-amber-400', line.tone === 'ok' && 'text-emerald-700 dark:text-emerald-400', line.tone === 'muted' && 'text-muted-foreground')}>
          {line.tone === 'busy' && <Spinner size="sm" label={line.text} />}
          {line.tone === 'ok' && <CircleCheck className="size-4" aria-hidden="true" />}
          {line.tone === 'warn' && <CircleAlert className="size-4" aria-hidden="true" />}
          <span aria-hidden={line.tone === 'busy' ? true : undefined}>{line.text}</span>
        </li>
      ))}
    </ul>
  );
}
