import { Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeStore, type ThemeMode } from '../themeStore.ts';

const ICONS: Record<ThemeMode, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };
const MODES: ThemeMode[] = ['light', 'dark', 'system'];

/**
 * Light / dark / system as a labelled radio group in a small popover. Native radios give arrow-key
 * navigation for free and keep the menu library out of the first-load bundle.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const mode = useThemeStore((s) => s.mode);
  const setMode = useThemeStore((s) => s.setMode);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const Icon = ICONS[mode];

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('theme.current', { mode: t(`theme.mode.${mode}`) })}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
      {open && (
        <fieldset id={`${id}-menu`} className="absolute inset-e-0 z-50 mt-2 min-w-44 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          <legend className="sr-only">{t('theme.label')}</legend>
          <p aria-hidden="true" className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            {t('theme.label')}
          </p>
          {MODES.map((option) => {
            const OptionIcon = ICONS[option];
            return (
              <label key={option} className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={option}
                  checked={mode === option}
                  onChange={() => setMode(option)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      setOpen(false);
                      trigger.current?.focus();
                    }
                  }}
                  className="size-4 accent-primary"
                />
                <OptionIcon className="size-4" aria-hidden="true" />
                {t(`theme.mode.${option}`)}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
