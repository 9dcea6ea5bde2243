import { useTranslation } from 'react-i18next';
import type { DesignElement } from '../../../../contract/design.ts';
import { NumberField } from '../../../ui/NumberField.tsx';
import type { ElementPatch } from '../../../../core/design/designCommand.ts';
import { FillEditor, StrokeEditor } from '../FillEditor.tsx';
import { AlignTools } from './AlignTools.tsx';
import { FlagsSection } from './FlagsSection.tsx';
import { LineFields } from './LineFields.tsx';
import { editElements, OpacitySlider, Section } from './propertyControls.tsx';
import { TextFields } from './TextFields.tsx';

export function ElementProperties({ element }: { element: DesignElement }) {
  const { t } = useTranslation();
  const ids = [element.id];
  const edit = (field: string, patch: ElementPatch, merge = true) => editElements(ids, field, patch, merge);
  const name = element.name || t(`design.layers.types.${element.type}`);
  return (
    <>
      <Section title={t('design.properties.elementTitle', { name })}>
        <div className="grid grid-cols-2 gap-2">
          <NumberField label={t('design.properties.x')} value={element.x} min={-100_000} max={100_000} onValueChange={(x) => edit('x', { x })} />
          <NumberField label={t('design.properties.y')} value={element.y} min={-100_000} max={100_000} onValueChange={(y) => edit('y', { y })} />
          {'width' in element && <NumberField label={t('design.properties.width')} value={element.width} min={0} max={100_000} onValueChange={(width) => edit('width', { width })} />}
          {'height' in element && element.type !== 'line' && (
            <NumberField label={t('design.properties.height')} value={element.height} min={0} max={100_000} onValueChange={(height) => edit('height', { height })} />
          )}
          <NumberField label={t('design.properties.rotation')} value={element.rotation} min={-360} max={360} onValueChange={(rotation) => edit('rotation', { rotation })} />
        </div>
        <OpacitySlider value={element.opacity} onChange={(opacity) => edit('opacity', { opacity })} />
        {element.type === 'rect' && (
          <NumberField label={t('design.properties.cornerRadius')} value={element.cornerRadius} min={0} max={100_000} onValueChange={(cornerRadius) => edit('cornerRadius', { cornerRadius })} />
        )}
        {element.type === 'polygon' && <NumberField label={t('design.properties.sides')} value={element.sides} min={3} max={12} onValueChange={(sides) => edit('sides', { sides })} />}
        {element.type === 'star' && (
          <>
            <NumberField label={t('design.properties.points')} value={element.points} min={3} max={24} onValueChange={(points) => edit('points', { points })} />
            <NumberField label={t('design.properties.innerRatio')} value={element.innerRatio} min={0.1} max={0.95} step={0.05} onValueChange={(innerRatio) => edit('innerRatio', { innerRatio })} />
          </>
        )}
      </Section>
      {(element.type === 'rect' || element.type === 'ellipse' || element.type === 'polygon' || element.type === 'star') && (
        <Section title={t('design.properties.paint')}>
          <FillEditor label={t('design.properties.fill')} value={element.fill} allowNone onChange={(fill, field) => edit(`fill.${field}`, { fill }, field !== 'kind')} />
          <StrokeEditor value={element.stroke} onChange={(stroke, field) => edit(`stroke.${field}`, { stroke }, field !== 'enabled')} />
        </Section>
      )}
      {element.type === 'line' && <LineFields element={element} />}
      {element.type === 'text' && <TextFields element={element} />}
      <FlagsSection elements={[element]} />
      <AlignTools ids={ids} />
    </>
  );
}

export function SeveralProperties({ elements }: { elements: readonly DesignElement[] }) {
  const { t } = useTranslation();
  const ids = elements.map((element) => element.id);
  const opacity = elements[0]!.opacity;
  return (
    <>
      <Section title={t('design.properties.severalTitle', { count: elements.length })}>
        <OpacitySlider value={opacity} onChange={(next) => editElements(ids, 'opacity', { opacity: next })} />
        {elements.some((element) => element.opacity !== opacity) && <p className="text-xs text-muted-foreground">{t('design.properties.mixedOpacity')}</p>}
      </Section>
      <FlagsSection elements={elements} />
      <AlignTools ids={ids} />
    </>
  );
}

