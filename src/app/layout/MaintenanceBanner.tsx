import { TriangleAlert, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMaintenanceNotice, useUiStore } from '../uiStore.ts';

function readStatusUrl(): string {
  const value: unknown = import.meta.env.VITE_STATUS_URL;
  // Without a configured status page, our own maintenance page explains the situation.
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : '/maintenance';
}

export const STATUS_URL = readStatusUrl();

/** Seed §8 maintenance notice. Hidden at start, shown when the server's notice says mail is down; its measured height offsets the page. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const visible = useUiStore((s) => s.maintenanceVisible);
  const setVisible = useUiStore((s) => s.setMaintenanceVisible);
  const setHeight = useUiStore((s) => s.setBannerHeight);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    void loadMaintenanceNotice();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!visible || !element) return;
    setHeight(element.getBoundingClientRect().height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setHeight(entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, setHeight]);

  if (!visible) return null;
  const external = /^https?:\/\//.test(STATUS_URL);
  return (
    <section ref={ref} aria-label={t('maintenance.title')} data-testid="maintenance-banner" className="fixed inset-x-0 top-0 z-50 border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="flex-1 text-sm">
          <p className="font-semibold">{t('maintenance.title')}</p>
          <p>
            {t('maintenance.text')} {t('maintenance.apology')}{' '}
            <a href={STATUS_URL} className="font-medium underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {t('maintenance.learnMore')}
            </a>
          </p>
        </div>
        <button type="button" onClick={() => setVisible(false)} aria-label={t('maintenance.close')} className="rounded-md p-1 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none dark:hover:bg-amber-900">
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
