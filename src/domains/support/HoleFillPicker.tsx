import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import type { HoleFillKind } from './useHoleFill.ts';

interface HoleFillPickerProps {
  kind: HoleFillKind;
  color: string;
  onChange: (kind: HoleFillKind, color: string) => void;
  /** Offer 'transparent' (a frame campaign: the hole is see-through, so the result becomes a PNG). */
  allowTransparent: boolean;
  disabled?: boolean;
}

const chip = 'inline-block cursor-pointer rounded-full border px-3 py-1.5 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground';

/**
 * What fills the part of a photo area the photo leaves empty (the photo zoomed out so everyone fits):
 * a blurred copy of the photo, its edge colour, a colour, or transparent pixels (a PNG).
 */
export function HoleFillPicker({ kind, color, onChange, allowTransparent, disabled = false }: HoleFillPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const kinds: HoleFillKind[] = allowTransparent ? ['blur', 'edge', 'color', 'transparent'] : ['blur', 'edge', 'color'];
  return (
    <fieldset className="flex flex-col items-center gap-3" disabled={disabled} aria-describedby={`${id}-hint`} data-testid="hole-fill-picker">
      <legend className="mb-2 text-center text-sm font-medium">{t('support.fill.label')}</legend>
      <div className="flex flex-wrap items-center justify-center gap-2">
        {kinds.map((option) => (
          <label key={option}>
            <input type="radio" name={id} className="peer sr-only" checked={kind === option} onChange={() => onChange(option, color)} />
            <span className={cn(chip, kind !== option && 'border-border bg-background hover:bg-accent')}>{t(`support.fill.${option}`)}</span>
          </label>
        ))}
        {kind === 'color' && (
          <label className="flex items-center gap-2 text-sm">
            <span>{t('support.fill.colorInput')}</span>
            <input
              type="color"
              value={color}
              onChange={(event) => onChange('color', event.currentTarget.value)}
              className="h-8 w-12 cursor-pointer rounded border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          </label>
        )}
      </div>
      <p id={`${id}-hint`} className="text-center text-xs text-muted-foreground">
        {t('support.fill.hint')}
      </p>
    </fieldset>
  );
}
