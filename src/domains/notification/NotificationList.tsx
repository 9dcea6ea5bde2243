import { Bell, CalendarDays, Inbox, MessageCircle, Newspaper, Sparkles, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationItem, NotificationList as NotificationPage, NotificationType } from '../../../contract/notification.ts';
import { errorMessageKey } from '../../api/index.ts';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../../api/notifications.ts';
import { useAsync } from '../../api/useAsync.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatNumber, formatRelativeTime } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { DEFAULT_PER_PAGE, Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toastStore.ts';
import { notificationLink, notificationMessage } from './notificationMessage.ts';
import { useUnreadStore } from './unreadStore.ts';

const ICONS: Record<NotificationType, LucideIcon> = {
  milestone: Trophy,
  trending: TrendingUp,
  campaignRecap: CalendarDays,
  whatsNew: Sparkles,
  article: Newspaper,
  submission: Inbox,
  comments: MessageCircle,
};

/** The signed-in account's notifications: newest first, unread ones marked, each read on opening, all at once, paged. */
export function NotificationList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, reload] = useAsync((signal) => fetchNotifications(page, DEFAULT_PER_PAGE, signal), [page]);
  // Read marks made on this page, shown at once without reloading it.
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const [markingAll, setMarkingAll] = useState(false);
  const setUnread = useUnreadStore((s) => s.setUnread);
  const unread = useUnreadStore((s) => s.unread);
  const locale = i18n.language || 'en';

  // The badge follows the count the list came with (it only grows stale marks in readHere, which are read anyway).
  useEffect(() => {
    if (state.status === 'success') setUnread(state.data.unread);
  }, [state, setUnread]);

  const markRead = (item: NotificationItem) => {
    if (item.read || readHere.has(item.id)) return;
    setReadHere((current) => new Set(current).add(item.id));
    markNotificationRead(item.id).then(setUnread, () => {
      setReadHere((current) => {
        const next = new Set(current);
        next.delete(item.id);
        return next;
      });
    });
  };

  const markAll = () => {
    setMarkingAll(true);
    markAllNotificationsRead().then(
      (count) => {
        setUnread(count);
        toast({ title: t('notification.allRead') });
        reload();
      },
      (error: unknown) => toast({ title: t('notification.markFailed'), description: t(errorMessageKey(error)), variant: 'destructive' }),
    ).finally(() => setMarkingAll(false));
  };

  const unreadNow = state.status === 'success' ? (unread ?? state.data.unread) : 0;
  return (
    <section aria-labelledby="notifications-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="notifications-heading" className="text-3xl font-bold tracking-tight">
            {t('notification.title')}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('notification.lead')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {unreadNow > 0 && (
            <span className="text-sm text-muted-foreground" data-testid="notification-unread-summary">
              {t('notification.unreadSummary', { count: unreadNow, formatted: formatNumber(unreadNow, locale) })}
            </span>
          )}
          <Button variant="outline" size="sm" onClick={markAll} disabled={markingAll || unreadNow === 0}>
            {t('notification.markAllRead')}
          </Button>
        </div>
      </div>

      <div className="mt-6">
        {state.status === 'loading' && <Spinner busy label={t('notification.loading')} />}
        {state.status === 'error' && (
          <EmptyState
            title={t('notification.error')}
            description={t(errorMessageKey(state.error))}
            action={
              <Button variant="outline" onClick={reload}>
                {t('pages.actions.retry')}
              </Button>
            }
          />
        )}
        {state.status === 'success' && state.data.items.length === 0 && (
          <EmptyState icon={<Bell className="size-10" aria-hidden="true" />} title={t('notification.empty')} description={t('notification.emptyHint')} />
        )}
        {state.status === 'success' && state.data.items.length > 0 && (
          <Items data={state.data} readHere={readHere} onOpen={markRead} locale={locale} page={page} onPageChange={setPage} />
        )}
      </div>
      <p className="mt-8 text-sm">
        <Link to="/profile/profile-settings" className="text-primary-ink underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {t('notification.settings')}
        </Link>
      </p>
    </section>
  );
}

interface ItemsProps {
  data: NotificationPage;
  readHere: ReadonlySet<string>;
  onOpen: (item: NotificationItem) => void;
  locale: string;
  page: number;
  onPageChange: (page: number) => void;
}

function Items({ data, readHere, onOpen, locale, page, onPageChange }: ItemsProps) {
  const { t } = useTranslation();
  // One clock for the whole list, so every row's "… ago" is measured from the same moment.
  const [now] = useState(() => Date.now());
  const number = (value: number) => formatNumber(value, locale);
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label={t('notification.listLabel')} data-testid="notification-list">
        {data.items.map((item) => {
          const read = item.read || readHere.has(item.id);
          const Icon = ICONS[item.type];
          const message = notificationMessage(item, t, number);
          const link = notificationLink(item);
          const when = formatDate(item.createdAt, locale, 'long');
          return (
            <li key={item.id} data-notification-type={item.type} data-read={read} className={cn('flex gap-3 p-4', !read && 'bg-primary/5')}>
              <span className={cn('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full', read ? 'bg-muted text-muted-foreground' : 'bg-primary/15 text-primary-ink')}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t(`notification.type.${item.type}`)}</p>
                {link ? (
                  <Link to={link} onClick={() => onOpen(item)} className={cn('mt-0.5 block rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', !read && 'font-semibold')}>
                    {message}
                  </Link>
                ) : (
                  <p className={cn('mt-0.5', !read && 'font-semibold')}>{message}</p>
                )}
                {item.type === 'campaignRecap' && item.data.campaigns && item.data.campaigns.length > 0 && (
                  <ul className="mt-2 grid gap-1 text-sm text-muted-foreground">
                    {item.data.campaigns.map((campaign) => (
                      <li key={campaign.uri}>
                        <Link to={`/${campaign.uri}`} onClick={() => onOpen(item)} className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                          {t('notification.message.recapItem', { title: campaign.title, supports: number(campaign.supports), visits: number(campaign.visits) })}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={item.createdAt} title={when || undefined}>
                    {formatRelativeTime(item.createdAt, now, t)}
                  </time>
                </p>
              </div>
              {!read && (
                <div className="flex shrink-0 flex-col items-end gap-2">
                  <span className="inline-flex items-center gap-1 text-xs text-primary-ink">
                    <span className="size-2 rounded-full bg-primary" aria-hidden="true" />
                    {t('notification.unreadBadge')}
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => onOpen(item)} aria-label={t('notification.markReadNamed', { message })}>
                    {t('notification.markRead')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {data.total > DEFAULT_PER_PAGE && <Pagination className="mt-4" page={page} total={data.total} onPageChange={onPageChange} />}
    </>
  );
}
