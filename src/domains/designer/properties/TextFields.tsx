import { Italic, TextAlignCenter, TextAlignEnd, TextAlignStart, Underline } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_LIMITS, designFontIds, type DesignFontId, type TextElement } from '../../../../contract/design.ts';
import { NumberField } from '../../../ui/NumberField.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ElementPatch } from '../../../../core/design/designCommand.ts';
import { DESIGN_FONTS } from '../../../../core/design/designFonts.ts';
import { FillEditor, StrokeEditor } from '../FillEditor.tsx';
import { editElements, inputClass, Section, toggleClass } from './propertyControls.tsx';

export function TextFields({ element }: { element: TextElement }) {
  const { t } = useTranslation();
  const id = useId();
  const ids = [element.id];
  const edit = (field: string, patch: ElementPatch, merge = true) => editElements(ids, field, patch, merge);
  return (
    <Section title={t('design.properties.textSection')}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          {t('design.properties.text')}
        </label>
        <textarea
          id={`${id}-text`}
          value={element.text}
          maxLength={DESIGN_LIMITS.maxTextLength}
          rows={3}
          onChange={(event) => edit('text', { text: event.target.value })}
          className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-font`} className="text-sm font-medium">
          {t('design.properties.font')}
        </label>
        <select id={`${id}-font`} value={element.fontFamily} onChange={(event) => edit('fontFamily', { fontFamily: event.target.value as DesignFontId }, false)} className={inputClass}>
          {designFontIds.map((font) => (
            <option key={font} value={font}>
              {DESIGN_FONTS[font].label}
            </option>
          ))}
        </select>
      </div>
      <NumberField label={t('design.properties.fontSize')} value={element.fontSize} min={DESIGN_LIMITS.minFontSize} max={DESIGN_LIMITS.maxFontSize} onValueChange={(fontSize) => edit('fontSize', { fontSize })} />
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t('design.properties.textStyle')}</legend>
        <button type="button" aria-pressed={element.fontWeight === 700} aria-label={t('design.properties.bold')} title={t('design.properties.bold')} className={cn(toggleClass, 'font-bold')} onClick={() => edit('fontWeight', { fontWeight: element.fontWeight === 700 ? 400 : 700 }, false)}>
          <span aria-hidden="true">B</span>
        </button>
        <button type="button" aria-pressed={element.italic} aria-label={t('design.properties.italic')} title={t('design.properties.italic')} className={toggleClass} onClick={() => edit('italic', { italic: !element.italic }, false)}>
          <Italic aria-hidden="true" />
        </button>
        <button type="button" aria-pressed={element.underline} aria-label={t('design.properties.underline')} title={t('design.properties.underline')} className={toggleClass} onClick={() => edit('underline', { underline: !element.underline }, false)}>
          <Underline aria-hidden="true" />
        </button>
      </fieldset>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('design.properties.alignText')}</legend>
        <div className="flex gap-1">
          {(
            [
              ['left', TextAlignStart],
              ['center', TextAlignCenter],
              ['right', TextAlignEnd],
            ] as const
          ).map(([align, Icon]) => (
            <label key={align} title={t(`design.properties.textAligns.${align}`)} className={cn(toggleClass, 'has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring')}>
              <input type="radio" name={`${id}-align`} value={align} checked={element.align === align} onChange={() => edit('align', { align }, false)} className="sr-only" />
              <Icon aria-hidden="true" />
              <span className="sr-only">{t(`design.properties.textAligns.${align}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <NumberField label={t('design.properties.letterSpacing')} value={element.letterSpacing} min={-50} max={200} onValueChange={(letterSpacing) => edit('letterSpacing', { letterSpacing })} />
      <NumberField label={t('design.properties.lineHeight')} value={element.lineHeight} min={0.5} max={4} step={0.1} onValueChange={(lineHeight) => edit('lineHeight', { lineHeight })} />
      <FillEditor label={t('design.properties.textColor')} value={element.fill} allowNone={false} onChange={(fill, field) => fill && edit(`fill.${field}`, { fill })} />
      <StrokeEditor value={element.stroke} onChange={(stroke, field) => edit(`stroke.${field}`, { stroke }, field !== 'enabled')} />
    </Section>
  );
}

