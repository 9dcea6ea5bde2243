import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignFill, DesignStroke } from '../../../contract/design.ts';
import { NumberField } from '../../ui/NumberField.tsx';

/** Splits #rrggbb[aa] into the colour input's #rrggbb and an alpha in 0…100 %. */
export function splitColor(color: string): { rgb: string; alpha: number } {
  const rgb = color.slice(0, 7).toLowerCase();
  const alpha = color.length === 9 ? Math.round((parseInt(color.slice(7, 9), 16) / 255) * 100) : 100;
  return { rgb, alpha };
}

/** #rrggbb, with an alpha byte only when not opaque. */
export function joinColor(rgb: string, alpha: number): string {
  const clamped = Math.max(0, Math.min(100, Math.round(alpha)));
  if (clamped === 100) return rgb.toLowerCase();
  return `${rgb.toLowerCase()}${Math.round((clamped / 100) * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

/** The colour when switching fill kinds: a solid keeps a gradient's first stop, a gradient starts from the solid. */
export function convertFill(fill: DesignFill | null, kind: DesignFill['kind'] | 'none'): DesignFill | null {
  if (kind === 'none') return null;
  const first = !fill ? '#2563eb' : fill.kind === 'solid' ? fill.color : (fill.stops[0]?.color ?? '#2563eb');
  const stops = fill && fill.kind !== 'solid' ? fill.stops : [{ offset: 0, color: first }, { offset: 1, color: '#ffffff' }];
  if (kind === 'solid') return { kind: 'solid', color: first };
  if (kind === 'linear') return { kind: 'linear', angle: fill?.kind === 'linear' ? fill.angle : 90, stops };
  return { kind: 'radial', stops };
}

export interface ColorFieldProps {
  label: string;
  value: string;
  onChange(color: string): void;
}

/** A colour picker plus its opacity (0–100 %). */
export function ColorField({ label, value, onChange }: ColorFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { rgb, alpha } = splitColor(value);
  return (
    <div className="flex items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input id={id} type="color" value={rgb} onChange={(event) => onChange(joinColor(event.target.value, alpha))} className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={`${id}-alpha`} className="text-xs text-muted-foreground">
          {t('design.properties.colorAlpha', { label })}
        </label>
        <input
          id={`${id}-alpha`}
          type="range"
          min={0}
          max={100}
          step={1}
          value={alpha}
          aria-valuetext={t('design.properties.percent', { value: alpha })}
          onChange={(event) => onChange(joinColor(rgb, Number(event.target.value)))}
          className="h-10 w-full accent-primary"
        />
      </div>
    </div>
  );
}

export interface FillEditorProps {
  label: string;
  value: DesignFill | null;
  /** Text needs a fill; shapes and the background may have none. */
  allowNone: boolean;
  /** `field` names the part being edited, so one drag merges into one undo step. */
  onChange(fill: DesignFill | null, field: string): void;
}

/** None, a solid colour, or a linear (with angle) or radial gradient between two editable stops. */
export function FillEditor({ label, value, allowNone, onChange }: FillEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const kind = value?.kind ?? 'none';
  const kinds = [...(allowNone ? (['none'] as const) : []), 'solid', 'linear', 'radial'] as const;
  const setStop = (index: number, color: string) => {
    if (!value || value.kind === 'solid') return;
    onChange({ ...value, stops: value.stops.map((stop, i) => (i === index ? { ...stop, color } : stop)) }, `stop${index}`);
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {t('design.properties.fillKind')}
        </label>
        <select id={id} value={kind} onChange={(event) => onChange(convertFill(value, event.target.value as DesignFill['kind'] | 'none'), 'kind')} className="h-10 rounded-md border border-input bg-background px-2 text-sm">
          {kinds.map((option) => (
            <option key={option} value={option}>
              {t(`design.properties.fillKinds.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {value?.kind === 'solid' && <ColorField label={t('design.properties.color')} value={value.color} onChange={(color) => onChange({ kind: 'solid', color }, 'color')} />}
      {value && value.kind !== 'solid' && (
        <>
          <ColorField label={t('design.properties.stopStart')} value={value.stops[0]!.color} onChange={(color) => setStop(0, color)} />
          <ColorField label={t('design.properties.stopEnd')} value={value.stops.at(-1)!.color} onChange={(color) => setStop(value.stops.length - 1, color)} />
          {value.kind === 'linear' && (
            <NumberField label={t('design.properties.angle')} value={value.angle} min={-360} max={360} onValueChange={(angle) => onChange({ ...value, angle }, 'angle')} />
          )}
        </>
      )}
    </fieldset>
  );
}

export interface StrokeEditorProps {
  value: DesignStroke | null;
  onChange(stroke: DesignStroke | null, field: string): void;
}

/** An optional outline: on/off, colour and width. */
export function StrokeEditor({ value, onChange }: StrokeEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{t('design.properties.stroke')}</legend>
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input id={id} type="checkbox" checked={value !== null} onChange={(event) => onChange(event.target.checked ? { color: '#111111', width: 4 } : null, 'enabled')} className="size-4 accent-primary" />
        {t('design.properties.strokeOn')}
      </label>
      {value && (
        <>
          <ColorField label={t('design.properties.strokeColor')} value={value.color} onChange={(color) => onChange({ ...value, color }, 'color')} />
          <NumberField label={t('design.properties.strokeWidth')} value={value.width} min={0} max={500} onValueChange={(width) => onChange({ ...value, width }, 'width')} />
        </>
      )}
    </fieldset>
  );
}
