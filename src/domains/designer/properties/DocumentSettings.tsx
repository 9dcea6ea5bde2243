import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_LIMITS, type DesignDocument } from '../../../../contract/design.ts';
import { FillEditor } from '../FillEditor.tsx';
import { CanvasSize } from './CanvasSize.tsx';
import { editDocument, inputClass, Section } from './propertyControls.tsx';

export function DocumentSettings({ document }: { document: DesignDocument }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <Section title={t('design.properties.documentTitle')}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {t('design.properties.name')}
          </label>
          <input id={`${id}-name`} value={document.name} maxLength={DESIGN_LIMITS.maxNameLength} onChange={(event) => editDocument('name', { name: event.target.value })} className={inputClass} />
        </div>
        <CanvasSize key={`${document.width}x${document.height}`} document={document} />
        <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">{t(`design.properties.kindNote.${document.kind}`)}</p>
      </Section>
      <Section title={t('design.properties.background')}>
        <FillEditor label={t('design.properties.backgroundFill')} value={document.background} allowNone onChange={(background, field) => editDocument(`background.${field}`, { background }, field !== 'kind')} />
      </Section>
    </>
  );
}

