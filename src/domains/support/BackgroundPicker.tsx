import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { BACKGROUND_COLORS, type BackgroundKind } from './backgroundChoices.ts';

const KINDS: BackgroundKind[] = ['design', 'keep', 'blur', 'color'];

const chip = (pressed: boolean) =>
  cn(
    'rounded-full border px-3 py-1.5 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50',
    pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-accent',
  );

/** The background choices of a 'background' campaign: the person on the campaign's design, the photo as it is, blurred, or on a colour. */
export function BackgroundPicker({
  kind,
  color,
  onChange,
  disabled = false,
}: {
  kind: BackgroundKind;
  color: string;
  onChange: (kind: BackgroundKind, color: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col items-center gap-3" disabled={disabled}>
      <legend className="mb-2 text-center text-sm font-medium">{t('support.background.label')}</legend>
      <div className="flex flex-wrap justify-center gap-2">
        {KINDS.map((option) => (
          <button key={option} type="button" aria-pressed={kind === option} onClick={() => onChange(option, color)} className={chip(kind === option)}>
            {t(`support.background.${option}`)}
          </button>
        ))}
      </div>
      {kind === 'color' && (
        <fieldset className="flex flex-wrap justify-center gap-2">
          <legend className="sr-only">{t('support.background.colors')}</legend>
          {BACKGROUND_COLORS.map((swatch) => (
            <button
              key={swatch.name}
              type="button"
              aria-pressed={color === swatch.color}
              aria-label={t(`support.background.colorNames.${swatch.name}`)}
              title={t(`support.background.colorNames.${swatch.name}`)}
              onClick={() => onChange('color', swatch.color)}
              className={cn('size-8 rounded-full border-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none', color === swatch.color ? 'border-primary ring-2 ring-primary' : 'border-border')}
              style={{ backgroundColor: swatch.color }}
            />
          ))}
        </fieldset>
      )}
      {kind !== 'keep' && <p className="text-center text-xs text-muted-foreground">{t('support.background.approximate')}</p>}
    </fieldset>
  );
}
