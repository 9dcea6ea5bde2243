import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { fetchUnreadCount } from '../../api/notifications.ts';
import { cn } from '../../lib/cn.ts';
import { useUnreadStore } from './unreadStore.ts';

/** While the page is visible, the count is fetched again this often (and on navigation and on focus). */
export const UNREAD_POLL_MS = 60_000;

/** The badge shows at most this; the label says the real number. */
const BADGE_MAX = 99;

/**
 * The navbar's link to /notifications with the unread count: fetched on mount, on every navigation, when the window
 * gets focus or the tab becomes visible, and gently polled while visible. A failed fetch keeps the last count.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadStore((s) => s.unread);
  const setUnread = useUnreadStore((s) => s.setUnread);

  useEffect(() => {
    let controller: AbortController | undefined;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      controller?.abort();
      controller = new AbortController();
      const { signal } = controller;
      fetchUnreadCount(signal).then(
        (count) => !signal.aborted && setUnread(count),
        () => undefined,
      );
    };
    refresh();
    const timer = window.setInterval(refresh, UNREAD_POLL_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      controller?.abort();
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [pathname, setUnread]);

  const count = unread ?? 0;
  const label = count > 0 ? t('notification.bell.unread', { count }) : t('notification.bell.label');
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className={cn('relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
    >
      <Bell className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span aria-hidden="true" data-testid="notification-badge" className="absolute inset-e-1 top-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-destructive-foreground">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  );
}
