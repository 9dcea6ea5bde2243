/** Building blocks of the properties panel: edits as undo steps, sections, a switch, the opacity slider. */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { patchCommand } from '../../../../core/design/commandBuilders.ts';
import type { DocumentPatch, ElementPatch } from '../../../../core/design/designCommand.ts';
import { useDesignStore } from '../designStore.ts';
import { dispatchDesign } from '../designActions.ts';

export const inputClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive';
export const toggleClass =
  'inline-flex size-10 cursor-pointer items-center justify-center rounded-md border border-input text-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground [&_svg]:size-4';

/** Sets fields on elements as one undo step; `field` keys the merge so a drag or typing run stays one step. */
export function editElements(ids: readonly string[], field: string, patch: ElementPatch, merge = true): void {
  const document = useDesignStore.getState().document;
  if (!document) return;
  dispatchDesign(patchCommand(document, ids, patch), { label: `edit ${field}`, ...(merge ? { mergeKey: `${field}:${ids.join(',')}` } : {}) });
}

export function editDocument(field: string, patch: DocumentPatch, merge = true): void {
  dispatchDesign({ type: 'updateDocument', patch }, { label: `edit ${field}`, ...(merge ? { mergeKey: `document:${field}` } : {}) });
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-b px-3 py-4 last:border-b-0">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** An on/off switch (role=switch) with a visible label. */
export function Switch({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(next: boolean): void; hint?: string }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={id} className="text-sm">
        {label}
        {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        onClick={() => onChange(!checked)}
        className={cn('relative h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring', checked ? 'bg-primary' : 'bg-muted-foreground/30')}
      >
        {/* The thumb slides toward the end of the line: rightward, or leftward in a right-to-left page. */}
        <span aria-hidden="true" className={cn('absolute inset-s-0.5 top-0.5 size-5 rounded-full bg-background shadow transition-transform', checked && 'translate-x-5 rtl:-translate-x-5')} />
      </button>
    </div>
  );
}

export function OpacitySlider({ value, onChange }: { value: number; onChange(opacity: number): void }) {
  const { t } = useTranslation();
  const id = useId();
  const percent = Math.round(value * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex justify-between text-sm font-medium">
        {t('design.properties.opacity')}
        <span aria-hidden="true" className="text-muted-foreground tabular-nums">
          {t('design.properties.percent', { value: percent })}
        </span>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        aria-valuetext={t('design.properties.percent', { value: percent })}
        onChange={(event) => onChange(Number(event.target.value) / 100)}
        className="h-6 w-full accent-primary"
      />
    </div>
  );
}

