import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  Italic,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignStart,
  Underline,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { CANVAS_PRESETS, DESIGN_LIMITS, designFontIds, type DesignDocument, type DesignElement, type DesignFontId, type LineElement, type TextElement } from '../../../contract/design.ts';
import { Button } from '../../ui/Button.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { cn } from '../../lib/cn.ts';
import { patchCommand } from '../../../core/design/commandBuilders.ts';
import type { DocumentPatch, ElementPatch } from '../../../core/design/designCommand.ts';
import { useDesignStore } from './designStore.ts';
import { DESIGN_FONTS } from '../../../core/design/designFonts.ts';
import { alignCommand, distributeCommand, type AlignEdge, type AlignTarget } from './alignElements.ts';
import { dispatchDesign, selectedElements } from './designActions.ts';
import { ColorField, FillEditor, StrokeEditor } from './FillEditor.tsx';

const inputClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive';
const toggleClass =
  'inline-flex size-10 cursor-pointer items-center justify-center rounded-md border border-input text-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground [&_svg]:size-4';

/** Sets fields on elements as one undo step; `field` keys the merge so a drag or typing run stays one step. */
function editElements(ids: readonly string[], field: string, patch: ElementPatch, merge = true): void {
  const document = useDesignStore.getState().document;
  if (!document) return;
  dispatchDesign(patchCommand(document, ids, patch), { label: `edit ${field}`, ...(merge ? { mergeKey: `${field}:${ids.join(',')}` } : {}) });
}

function editDocument(field: string, patch: DocumentPatch, merge = true): void {
  dispatchDesign({ type: 'updateDocument', patch }, { label: `edit ${field}`, ...(merge ? { mergeKey: `document:${field}` } : {}) });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-b px-3 py-4 last:border-b-0">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** An on/off switch (role=switch) with a visible label. */
function Switch({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(next: boolean): void; hint?: string }) {
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
        <span aria-hidden="true" className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-background shadow transition-transform', checked && 'translate-x-5')} />
      </button>
    </div>
  );
}

function OpacitySlider({ value, onChange }: { value: number; onChange(opacity: number): void }) {
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

/** Hole, lock and hide: shared by one element and several. */
function Flags({ elements }: { elements: readonly DesignElement[] }) {
  const { t } = useTranslation();
  const ids = elements.map((element) => element.id);
  const all = (field: 'hole' | 'locked' | 'hidden') => elements.every((element) => element[field]);
  // Background designs call their holes the photo area (i18next context keys *_background).
  const context = useDesignStore((state) => state.document?.kind);
  return (
    <Section title={t('design.properties.flags')}>
      <Switch label={t('design.properties.hole', { context })} hint={t('design.properties.holeHint', { context })} checked={all('hole')} onChange={(hole) => editElements(ids, 'hole', { hole }, false)} />
      <Switch label={t('design.properties.locked')} checked={all('locked')} onChange={(locked) => editElements(ids, 'locked', { locked }, false)} />
      <Switch label={t('design.properties.hidden')} checked={all('hidden')} onChange={(hidden) => editElements(ids, 'hidden', { hidden }, false)} />
    </Section>
  );
}

const ALIGN: { edge: AlignEdge; icon: LucideIcon }[] = [
  { edge: 'left', icon: AlignStartVertical },
  { edge: 'center', icon: AlignCenterVertical },
  { edge: 'right', icon: AlignEndVertical },
  { edge: 'top', icon: AlignStartHorizontal },
  { edge: 'middle', icon: AlignCenterHorizontal },
  { edge: 'bottom', icon: AlignEndHorizontal },
];

function AlignTools({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const name = useId();
  const [target, setTarget] = useState<AlignTarget>('selection');
  const several = ids.length > 1;
  const relative = several ? target : 'canvas';
  const run = (command: ReturnType<typeof alignCommand>, label: string) => dispatchDesign(command, { label });
  return (
    <Section title={t('design.properties.align')}>
      {several && (
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t('design.properties.alignTo')}</legend>
          {(['selection', 'canvas'] as const).map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-1.5">
              <input type="radio" name={name} value={option} checked={target === option} onChange={() => setTarget(option)} className="accent-primary" />
              {t(`design.properties.alignTargets.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-1">
        {ALIGN.map(({ edge, icon: Icon }) => (
          <Button
            key={edge}
            variant="outline"
            size="icon"
            aria-label={t(`design.properties.alignEdges.${edge}`)}
            title={t(`design.properties.alignEdges.${edge}`)}
            onClick={() => {
              const document = useDesignStore.getState().document;
              if (document) run(alignCommand(document, ids, edge, relative), `align ${edge}`);
            }}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
        {ids.length >= 3 &&
          (['horizontal', 'vertical'] as const).map((axis) => (
            <Button
              key={axis}
              variant="outline"
              size="icon"
              aria-label={t(`design.properties.distribute.${axis}`)}
              title={t(`design.properties.distribute.${axis}`)}
              onClick={() => {
                const document = useDesignStore.getState().document;
                if (document) run(distributeCommand(document, ids, axis), `distribute ${axis}`);
              }}
            >
              {axis === 'horizontal' ? <AlignHorizontalDistributeCenter aria-hidden="true" /> : <AlignVerticalDistributeCenter aria-hidden="true" />}
            </Button>
          ))}
      </div>
    </Section>
  );
}

function TextFields({ element }: { element: TextElement }) {
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

type DashStyle = 'solid' | 'dashed' | 'dotted';

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

function LineFields({ element }: { element: LineElement }) {
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

function ElementProperties({ element }: { element: DesignElement }) {
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
      <Flags elements={[element]} />
      <AlignTools ids={ids} />
    </>
  );
}

function SeveralProperties({ elements }: { elements: readonly DesignElement[] }) {
  const { t } = useTranslation();
  const ids = elements.map((element) => element.id);
  const opacity = elements[0]!.opacity;
  return (
    <>
      <Section title={t('design.properties.severalTitle', { count: elements.length })}>
        <OpacitySlider value={opacity} onChange={(next) => editElements(ids, 'opacity', { opacity: next })} />
        {elements.some((element) => element.opacity !== opacity) && <p className="text-xs text-muted-foreground">{t('design.properties.mixedOpacity')}</p>}
      </Section>
      <Flags elements={elements} />
      <AlignTools ids={ids} />
    </>
  );
}

/** Checks a typed canvas side; the message key when it is not a whole number within the limits. */
export function canvasSideError(text: string): 'required' | 'whole' | 'range' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!/^\d+$/.test(trimmed)) return 'whole';
  const value = Number(trimmed);
  return value < DESIGN_LIMITS.minSide || value > DESIGN_LIMITS.maxSide ? 'range' : null;
}

function CanvasSize({ document }: { document: DesignDocument }) {
  const { t } = useTranslation();
  const id = useId();
  const preset = CANVAS_PRESETS.find((option) => option.width === document.width && option.height === document.height)?.id ?? 'custom';
  const [custom, setCustom] = useState(preset === 'custom');
  const [draft, setDraft] = useState({ width: String(document.width), height: String(document.height) });
  const [errors, setErrors] = useState<{ width?: string; height?: string }>({});
  const choice = custom ? 'custom' : preset;

  const choose = (value: string) => {
    const option = CANVAS_PRESETS.find((candidate) => candidate.id === value);
    setErrors({});
    if (!option) {
      setCustom(true);
      setDraft({ width: String(document.width), height: String(document.height) });
      return;
    }
    setCustom(false);
    editDocument('size', { width: option.width, height: option.height }, false);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = { width: canvasSideError(draft.width), height: canvasSideError(draft.height) };
    const message = (code: ReturnType<typeof canvasSideError>) => (code ? t(`design.properties.sizeErrors.${code}`, { min: DESIGN_LIMITS.minSide, max: DESIGN_LIMITS.maxSide }) : undefined);
    const next = { ...(found.width ? { width: message(found.width) } : {}), ...(found.height ? { height: message(found.height) } : {}) };
    setErrors(next);
    if (found.width || found.height) return;
    editDocument('size', { width: Number(draft.width), height: Number(draft.height) }, false);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-preset`} className="text-sm font-medium">
          {t('design.properties.canvasSize')}
        </label>
        <select id={`${id}-preset`} value={choice} onChange={(event) => choose(event.target.value)} className={inputClass}>
          {CANVAS_PRESETS.map((option) => (
            <option key={option.id} value={option.id}>
              {t(`design.properties.presets.${option.id}`, { width: option.width, height: option.height })}
            </option>
          ))}
          <option value="custom">{t('design.properties.presets.custom')}</option>
        </select>
      </div>
      {choice === 'custom' && (
        <form onSubmit={apply} noValidate className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-2">
            {(['width', 'height'] as const).map((side) => (
              <div key={side} className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-${side}`} className="text-sm font-medium">
                  {t(`design.properties.canvas${side === 'width' ? 'Width' : 'Height'}`)}
                </label>
                <input
                  id={`${id}-${side}`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={draft[side]}
                  aria-invalid={errors[side] ? true : undefined}
                  aria-describedby={errors[side] ? `${id}-${side}-error` : `${id}-hint`}
                  onChange={(event) => setDraft({ ...draft, [side]: event.target.value })}
                  className={inputClass}
                />
                {errors[side] && (
                  <p id={`${id}-${side}-error`} role="alert" className="text-xs text-destructive">
                    {errors[side]}
                  </p>
                )}
              </div>
            ))}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('design.properties.sizeHint', { min: DESIGN_LIMITS.minSide, max: DESIGN_LIMITS.maxSide })}
          </p>
          <Button type="submit" variant="outline" size="sm">
            {t('design.properties.applySize')}
          </Button>
        </form>
      )}
    </div>
  );
}

function DocumentSettings({ document }: { document: DesignDocument }) {
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
