import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineElement } from '../../../../contract/design.ts';
import { NumberField } from '../../../ui/NumberField.tsx';
import type { ElementPatch } from '../../../../core/design/designCommand.ts';
import { ColorField } from '../FillEditor.tsx';
import { editElements, inputClass, Section } from './propertyControls.tsx';

export type DashStyle = 'solid' | 'dashed' | 'dotted';

/** Dash patterns scale with the line's thickness. */
export function dashFor(style: DashStyle, thickness: number): number[] {
  const unit = Math.max(1, thickness);
  if (style === 'dashed') return [unit * 3, unit * 2];
  if (style === 'dotted') return [0.01, unit * 2];
  return [];
}

export function dashStyle(dash: readonly number[]): DashStyle {
  if (dash.length === 0) return 'solid';
  return (dash[0] ?? 0) < (dash[1] ?? 0) / 2 ? 'dotted' : 'dashed';
}

export function LineFields({ element }: { element: LineElement }) {
  const { t } = useTranslation();
  const id = useId();
  const edit = (field: string, patch: ElementPatch, merge = true) => editElements([element.id], field, patch, merge);
  const style = dashStyle(element.dash);
  return (
    <Section title={t('design.properties.lineSection')}>
      <ColorField label={t('design.properties.color')} value={element.color} onChange={(color) => edit('color', { color })} />
      <NumberField
        label={t('design.properties.thickness')}
        value={element.height}
        min={0}
        max={500}
        onValueChange={(height) => edit('height', style === 'solid' ? { height } : { height, dash: dashFor(style, height) })}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-cap`} className="text-sm font-medium">
          {t('design.properties.cap')}
        </label>
        <select id={`${id}-cap`} value={element.cap} onChange={(event) => edit('cap', { cap: event.target.value }, false)} className={inputClass}>
          {(['butt', 'round', 'square'] as const).map((cap) => (
            <option key={cap} value={cap}>
              {t(`design.properties.caps.${cap}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-dash`} className="text-sm font-medium">
          {t('design.properties.dash')}
        </label>
        <select id={`${id}-dash`} value={style} onChange={(event) => edit('dash', { dash: dashFor(event.target.value as DashStyle, element.height) }, false)} className={inputClass}>
          {(['solid', 'dashed', 'dotted'] as const).map((option) => (
            <option key={option} value={option}>
              {t(`design.properties.dashes.${option}`)}
            </option>
          ))}
        </select>
      </div>
    </Section>
  );
}

