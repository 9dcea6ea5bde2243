import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CANVAS_PRESETS, DESIGN_LIMITS, type DesignDocument } from '../../../../contract/design.ts';
import { Button } from '../../../ui/Button.tsx';
import { editDocument, inputClass } from './propertyControls.tsx';

/** Checks a typed canvas side; the message key when it is not a whole number within the limits. */
export function canvasSideError(text: string): 'required' | 'whole' | 'range' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!/^\d+$/.test(trimmed)) return 'whole';
  const value = Number(trimmed);
  return value < DESIGN_LIMITS.minSide || value > DESIGN_LIMITS.maxSide ? 'range' : null;
}

export function CanvasSize({ document }: { document: DesignDocument }) {
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

