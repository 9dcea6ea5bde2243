import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANVAS_PRESETS,
  DESIGN_LIMITS,
  DESIGN_SCHEMA_VERSION,
  templateCategories,
  type DesignDocument,
  type DesignKind,
  type TemplateCategory,
} from '../../../contract/design.ts';
import { Button } from '../../ui/Button.tsx';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { cn } from '../../lib/cn.ts';
import { DESIGN_TEMPLATES, type DesignTemplate } from './templates/index.ts';
import { TemplateThumbnail } from './TemplateThumbnail.tsx';
import { newDesignId } from './startNewDesign.ts';

export interface NewDesignDialogProps {
  open: boolean;
  kind: DesignKind;
  onOpenChange(open: boolean): void;
  onCreate(document: DesignDocument): void;
}

type Filter = TemplateCategory | 'all';
const FILTERS: readonly Filter[] = ['all', ...templateCategories];
const THUMBNAIL_SIZE = 200;

/** An empty document of the given size. */
export function blankDesign(kind: DesignKind, width: number, height: number, name: string): DesignDocument {
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    id: newDesignId(),
    name,
    kind,
    width,
    height,
    background: { kind: 'solid', color: '#ffffff' },
    elements: [],
    assets: {},
    templateId: null,
    updatedAt: new Date().toISOString(),
  };
}

export type SideProblem = 'notWhole' | 'range';

/** Why a typed canvas side is unusable, or null when it is a whole number of px within the limits. */
export function sideProblem(text: string): SideProblem | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'notWhole';
  const value = Number(trimmed);
  return value < DESIGN_LIMITS.minSide || value > DESIGN_LIMITS.maxSide ? 'range' : null;
}

/** Starts a design from a blank canvas (a preset or a custom size) or from a built-in template. */
export function NewDesignDialog({ open, kind, onOpenChange, onCreate }: NewDesignDialogProps) {
  const { t } = useTranslation();
  const untitled = t('design.start.untitled');
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} size="lg" title={t(`design.start.title.${kind}`)} description={t(`design.start.description.${kind}`)}>
      <BlankSection onCreate={(width, height) => onCreate(blankDesign(kind, width, height, untitled))} />
      <TemplateSection kind={kind} onPick={(template) => onCreate(template.build({ id: newDesignId(), kind, name: t(template.nameKey) }))} />
    </ResponsiveDialog>
  );
}

function BlankSection({ onCreate }: { onCreate(width: number, height: number): void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        {t('design.start.blank.heading')}
      </h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {CANVAS_PRESETS.map((preset) => {
          const name = t(`design.start.presets.${preset.id}.name`);
          const use = t(`design.start.presets.${preset.id}.use`);
          // The outline keeps the preset's aspect ratio inside a 40 px box.
          const scale = 40 / Math.max(preset.width, preset.height);
          return (
            <li key={preset.id}>
              <button
                type="button"
                aria-label={t('design.start.presetLabel', { name, width: preset.width, height: preset.height, use })}
                onClick={() => onCreate(preset.width, preset.height)}
                className="flex h-full w-full cursor-pointer flex-col items-center gap-1.5 rounded-lg border bg-card p-3 text-center transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex size-10 items-center justify-center" aria-hidden="true">
                  <span className="rounded-[3px] border-2 border-foreground/70" style={{ width: preset.width * scale, height: preset.height * scale }} />
                </span>
                <span className="text-sm font-medium">{name}</span>
                <span className="text-xs tabular-nums text-muted-foreground">{t('design.start.size', { width: preset.width, height: preset.height })}</span>
                <span className="text-xs text-muted-foreground">{use}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <CustomSize onCreate={onCreate} />
    </section>
  );
}

function CustomSize({ onCreate }: { onCreate(width: number, height: number): void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [width, setWidth] = useState('1080');
  const [height, setHeight] = useState('1080');
  // Messages show once a field was edited or a create was tried, not while the form is untouched.
  const [shown, setShown] = useState({ width: false, height: false });
  const widthInput = useRef<HTMLInputElement>(null);
  const heightInput = useRef<HTMLInputElement>(null);
  const problems = { width: sideProblem(width), height: sideProblem(height) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.width || problems.height) {
      setShown({ width: true, height: true });
      (problems.width ? widthInput : heightInput).current?.focus();
      return;
    }
    onCreate(Number(width.trim()), Number(height.trim()));
  };

  const field = (side: 'width' | 'height', value: string, setValue: (value: string) => void, input: typeof widthInput) => {
    const problem = shown[side] ? problems[side] : null;
    const inputId = `${fieldId}-${side}`;
    const errorId = `${inputId}-error`;
    return (
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t(`design.start.custom.${side}`)}
        </label>
        <input
          ref={input}
          id={inputId}
          name={side}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setShown((current) => ({ ...current, [side]: true }));
          }}
          className={cn(
            'h-10 w-full rounded-md border border-input bg-background px-3 tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring',
            problem && 'border-destructive',
          )}
        />
        {problem && (
          <p id={errorId} className="text-sm text-destructive">
            {t(`design.start.custom.errors.${problem}`, { min: DESIGN_LIMITS.minSide, max: DESIGN_LIMITS.maxSide })}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-lg border p-3" aria-label={t('design.start.custom.heading')}>
      <p className="text-sm font-medium">{t('design.start.custom.heading')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {field('width', width, setWidth, widthInput)}
        <span aria-hidden="true" className="hidden pt-8 text-muted-foreground sm:block">
          ×
        </span>
        {field('height', height, setHeight, heightInput)}
        <Button type="submit" variant="secondary" className="sm:mt-7">
          {t('design.start.custom.create')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('design.start.custom.hint', { min: DESIGN_LIMITS.minSide, max: DESIGN_LIMITS.maxSide })}</p>
    </form>
  );
}

function TemplateSection({ kind, onPick }: { kind: DesignKind; onPick(template: DesignTemplate): void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  // One preview document per template, built once per kind.
  const previews = useMemo(() => new Map(DESIGN_TEMPLATES.map((template) => [template.id, template.build({ id: 'preview', kind, name: '' })])), [kind]);
  const shown = DESIGN_TEMPLATES.filter((template) => filter === 'all' || template.category === filter);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        {t('design.start.templates.heading')}
      </h3>
      <CategoryFilter value={filter} onChange={setFilter} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('design.start.templates.listLabel', { category: t(`design.templates.categories.${filter}`) })}>
        {shown.map((template) => {
          const name = t(template.nameKey);
          const preview = previews.get(template.id);
          return (
            <li key={template.id}>
              <button
                type="button"
                data-template-id={template.id}
                aria-label={t('design.start.templates.use', { name, width: template.width, height: template.height })}
                onClick={() => onPick(template)}
                className="flex h-full w-full cursor-pointer flex-col gap-2 rounded-lg border bg-card p-2 text-start transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-md bg-muted/60">
                  {preview && <TemplateThumbnail document={preview} size={THUMBNAIL_SIZE} />}
                </span>
                <span className="line-clamp-2 text-sm font-medium">{name}</span>
                <span className="text-xs tabular-nums text-muted-foreground">{t('design.start.size', { width: template.width, height: template.height })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Native radios shown as pills: one tab stop, arrow keys move the choice, the browser does the rest. */
function CategoryFilter({ value, onChange }: { value: Filter; onChange(filter: Filter): void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('design.start.templates.filterLabel')}</legend>
      {FILTERS.map((filter) => (
        <label key={filter} className="cursor-pointer">
          <input type="radio" name={name} value={filter} checked={filter === value} onChange={() => onChange(filter)} className="peer sr-only" />
          <span
            className={cn(
              'inline-block rounded-full border bg-background px-3 py-1.5 text-sm transition-colors hover:bg-muted',
              'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
            )}
          >
            {t(`design.templates.categories.${filter}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
