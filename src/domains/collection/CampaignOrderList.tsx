import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionCampaign } from '../../../contract/collection.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { dropIndex, moveItem } from './moveItem.ts';

type Control = 'handle' | 'up' | 'down';

export interface CampaignOrderListProps {
  campaigns: CollectionCampaign[];
  onChange: (next: CollectionCampaign[]) => void;
}

/**
 * The campaigns of a collection in their order. A row moves by dragging its handle (mouse, pen or touch), by the
 * arrow keys on the handle, or by its move up / move down buttons; each move is announced to screen readers.
 */
export function CampaignOrderList({ campaigns, onChange }: CampaignOrderListProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  // Moving a row moves its DOM node, which drops focus: the control to focus again once the new order rendered.
  const refocus = useRef<{ uri: string; control: Control } | null>(null);
  // What a drag in progress reads between renders: the order it last produced, and where to report the next.
  const latest = useRef({ campaigns, onChange });
  useLayoutEffect(() => {
    latest.current = { campaigns, onChange };
  });

  useEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current) return;
    refocus.current = null;
    const row = listRef.current.querySelector<HTMLElement>(`[data-campaign-uri="${CSS.escape(target.uri)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]`);
    (wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>('[data-control="handle"]'))?.focus();
  }, [campaigns]);

  const announce = (title: string, position: number, total: number) => setAnnouncement(t('collection.order.moved', { title, position, total }));

  function move(from: number, to: number, control?: Control) {
    const list = latest.current.campaigns;
    const next = moveItem(list, from, to);
    if (next === list) return;
    const moved = list[from]!;
    if (control) refocus.current = { uri: moved.uri, control };
    latest.current.onChange(next);
    announce(moved.title, next.indexOf(moved) + 1, next.length);
  }

  function remove(index: number) {
    const removed = campaigns[index]!;
    const next = campaigns.filter((_, i) => i !== index);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) refocus.current = { uri: neighbour.uri, control: 'handle' };
    onChange(next);
    setAnnouncement(t('collection.order.removed', { title: removed.title }));
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: campaigns.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(index, to, 'handle');
  }

  function onHandlePointerDown(event: PointerEvent<HTMLButtonElement>, uri: string) {
    if (event.button !== 0) return;
    event.preventDefault();
    const pointerId = event.pointerId;
    setDragging(uri);
    // Window listeners rather than pointer capture: reordering moves the row's node, which would release a capture.
    const onMove = (moveEvent: globalThis.PointerEvent) => {
      if (moveEvent.pointerId !== pointerId || !listRef.current) return;
      const rows = Array.from(listRef.current.querySelectorAll<HTMLElement>(':scope > li'));
      const middles = rows.map((row) => {
        const box = row.getBoundingClientRect();
        return box.top + box.height / 2;
      });
      const from = latest.current.campaigns.findIndex((campaign) => campaign.uri === uri);
      if (from < 0) return;
      const to = dropIndex(middles, from, moveEvent.clientY);
      if (to !== from) {
        const next = moveItem(latest.current.campaigns, from, to);
        latest.current.campaigns = next;
        latest.current.onChange(next);
      }
    };
    const onEnd = (endEvent: globalThis.PointerEvent) => {
      if (endEvent.pointerId !== pointerId) return;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
      setDragging(null);
      const list = latest.current.campaigns;
      const index = list.findIndex((campaign) => campaign.uri === uri);
      if (index >= 0) announce(list[index]!.title, index + 1, list.length);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
  }

  return (
    <div>
      <p id={hintId} className="mb-2 text-sm text-muted-foreground">
        {t('collection.order.hint')}
      </p>
      <ol ref={listRef} className="divide-y rounded-lg border" aria-label={t('collection.order.label')} data-testid="collection-order">
        {campaigns.map((campaign, index) => (
          <li key={campaign.uri} data-campaign-uri={campaign.uri} className={cn('flex items-center gap-2 bg-card p-2 sm:gap-3', dragging === campaign.uri && 'relative z-10 bg-accent/40 shadow-md')}>
            <button
              type="button"
              data-control="handle"
              className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
              aria-label={t('collection.order.handle', { title: campaign.title, position: index + 1, total: campaigns.length })}
              aria-describedby={hintId}
              onKeyDown={(event) => onHandleKey(event, index)}
              onPointerDown={(event) => onHandlePointerDown(event, campaign.uri)}
            >
              <GripVertical className="size-5" aria-hidden="true" />
            </button>
            <span className="w-6 shrink-0 text-center text-sm text-muted-foreground tabular-nums" aria-hidden="true">
              {index + 1}
            </span>
            <img src={campaign.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-md border object-contain" loading="lazy" draggable={false} />
            <div className="min-w-0 flex-1">
              <p dir="auto" className="line-clamp-1 font-medium">{campaign.title}</p>
              <p className="text-xs text-muted-foreground">
                {t('collection.supporters', { count: campaign.supportersCount, formatted: formatNumber(campaign.supportersCount, i18n.language || 'en') })}
                {campaign.visibility !== 'public' && ` · ${t(`collection.campaignVisibility.${campaign.visibility}`)}`}
              </p>
            </div>
            <Button type="button" variant="ghost" size="icon" data-control="up" disabled={index === 0} aria-label={t('collection.order.up', { title: campaign.title })} onClick={() => move(index, index - 1, 'up')}>
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button type="button" variant="ghost" size="icon" data-control="down" disabled={index === campaigns.length - 1} aria-label={t('collection.order.down', { title: campaign.title })} onClick={() => move(index, index + 1, 'down')}>
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button type="button" variant="ghost" size="icon" aria-label={t('collection.order.remove', { title: campaign.title })} onClick={() => remove(index)}>
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <p aria-live="assertive" className="sr-only" data-testid="collection-order-announcement">
        {announcement}
      </p>
    </div>
  );
}
