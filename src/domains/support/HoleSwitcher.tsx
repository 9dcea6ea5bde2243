import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

interface HoleSwitcherProps {
  count: number;
  active: number;
  onChange: (index: number) => void;
  /** Shown beside the choices (e.g. picking another photo for the edited area). */
  children?: ReactNode;
}

/**
 * Which photo area (hole) the adjuster edits, for frames with several: native radios, so Tab reaches
 * the group and the arrow keys move through it.
 */
export function HoleSwitcher({ count, active, onChange, children }: HoleSwitcherProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <fieldset className="flex flex-wrap items-center justify-center gap-2">
        <legend className="sr-only">{t('support.holes.label')}</legend>
        <span aria-hidden="true" className="text-sm font-medium">
          {t('support.holes.label')}
        </span>
        <span className="inline-flex rounded-md border p-0.5">
          {Array.from({ length: count }, (_, index) => (
            <label key={index} className="cursor-pointer">
              <input type="radio" name={name} className="peer sr-only" checked={index === active} onChange={() => onChange(index)} />
              <span
                className={cn(
                  'inline-block rounded px-3 py-1.5 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-1',
                  index === active ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                {t('support.holes.area', { n: index + 1 })}
              </span>
            </label>
          ))}
        </span>
      </fieldset>
      {children}
    </div>
  );
}
