import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { cn } from '../../lib/cn.ts';
import { useDesignStore } from './designStore.ts';
import { selectedElements } from './designActions.ts';
import { DocumentSettings } from './properties/DocumentSettings.tsx';
import { ElementProperties, SeveralProperties } from './properties/ElementProperties.tsx';

export { canvasSideError } from './properties/CanvasSize.tsx';
export { dashFor, dashStyle } from './properties/LineFields.tsx';

/**
 * Edits what is selected: one element's geometry, paint and type-specific fields; the shared
 * fields and align/distribute for several; the document's settings when nothing is selected.
 * Continuous edits (typing, sliders, colour drags) merge into one undo step per field.
 */
export function PropertiesPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { document, selection } = useDesignStore(useShallow((s) => ({ document: s.document, selection: s.selection })));
  if (!document) return null;
  const elements = selectedElements(document, selection);
  return (
    <section aria-label={t('design.properties.label')} className={cn('flex min-h-0 flex-col overflow-y-auto', className)}>
      {elements.length === 0 ? (
        <DocumentSettings document={document} />
      ) : elements.length === 1 ? (
        <ElementProperties key={elements[0]!.id} element={elements[0]!} />
      ) : (
        <SeveralProperties elements={elements} />
      )}
    </section>
  );
}
