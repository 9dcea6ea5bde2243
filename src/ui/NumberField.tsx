import { Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clamp, tidy } from '../../core/numbers.ts';
import { cn } from '../lib/cn.ts';

/** Seed §9 number-field settings. */
export const NUMBER_FIELD_STEP = 1;
export const NUMBER_FIELD_LOCALE = 'en-US';
export const NUMBER_FIELD_PAGE_STEPS = 10;
export const HOLD_REPEAT_DELAY_MS = 400;
export const HOLD_REPEAT_INTERVAL_MS = 60;

export interface NumberFieldProps {
  label: string;
  /** Controlled value; pair with onValueChange. */
  value?: number;
  defaultValue?: number;
  onValueChange?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Intl locale for display (default en-US). */
  locale?: string;
  formatOptions?: Intl.NumberFormatOptions;
  disabled?: boolean;
  id?: string;
  name?: string;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  className?: string;
}

/** Decimals that round away binary noise from repeated decimal steps (0.1 + 0.2): two finer than the step. */
function noiseFreeDecimals(step: number): number {
  return Math.min((String(step).split('.')[1] ?? '').length + 2, 15);
}

/** Parses what a user typed in the en-US style: grouping commas ignored. */
function parseInput(text: string): number | null {
  const cleaned = text.replace(/[\s,]/g, '').replace(/[^\d.+-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Numeric input with role=spinbutton: ArrowUp/Down ±step, PageUp/PageDown ±10 steps, Home/End to
 * min/max, and −/+ buttons that repeat while held (first repeat after 400 ms, then every 60 ms).
 */
export function NumberField({
  label,
  value: controlled,
  defaultValue,
  onValueChange,
  min,
  max,
  step = NUMBER_FIELD_STEP,
  locale = NUMBER_FIELD_LOCALE,
  formatOptions,
  disabled = false,
  id,
  name,
  hideLabel = false,
  className,
}: NumberFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `number-field-${generatedId}`;
  const [uncontrolled, setUncontrolled] = useState(() => clamp(defaultValue ?? min ?? 0, min, max));
  const value = controlled ?? uncontrolled;
  // Handlers and the hold timer read the newest value here, not a stale render closure.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);

  const format = useCallback((n: number) => new Intl.NumberFormat(locale, formatOptions).format(n), [locale, formatOptions]);
  const [draft, setDraft] = useState<string | null>(null);

  const commit = useCallback(
    (next: number) => {
      const clamped = tidy(clamp(next, min, max), noiseFreeDecimals(step));
      latest.current = clamped;
      if (controlled === undefined) setUncontrolled(clamped);
      onValueChange?.(clamped);
      return clamped;
    },
    [controlled, min, max, step, onValueChange],
  );

  const stepBy = useCallback((steps: number) => commit(latest.current + steps * step), [commit, step]);

  // Hold-to-repeat for the buttons.
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopHold = useCallback(() => {
    if (holdTimer.current !== null) clearTimeout(holdTimer.current);
    holdTimer.current = null;
  }, []);
  useEffect(() => stopHold, [stopHold]);

  const startHold = (direction: 1 | -1) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    stopHold();
    const atLimit = (v: number) => (direction > 0 ? max !== undefined && v >= max : min !== undefined && v <= min);
    if (atLimit(latest.current)) return;
    stepBy(direction);
    const repeat = () => {
      if (atLimit(stepBy(direction))) return stopHold();
      holdTimer.current = setTimeout(repeat, HOLD_REPEAT_INTERVAL_MS);
    };
    holdTimer.current = setTimeout(repeat, HOLD_REPEAT_DELAY_MS);
    const stopOnce = () => {
      stopHold();
      window.removeEventListener('pointerup', stopOnce);
      window.removeEventListener('pointercancel', stopOnce);
    };
    window.addEventListener('pointerup', stopOnce);
    window.addEventListener('pointercancel', stopOnce);
  };

  // Pointer presses already stepped on pointerdown; only keyboard clicks (detail 0) step here.
  const onButtonClick = (direction: 1 | -1) => (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail === 0) stepBy(direction);
  };

  const commitDraft = () => {
    if (draft === null) return;
    const parsed = parseInput(draft);
    setDraft(null);
    if (parsed !== null) commit(parsed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    const keys: Record<string, (() => unknown) | undefined> = {
      ArrowUp: () => stepBy(1),
      ArrowDown: () => stepBy(-1),
      PageUp: () => stepBy(NUMBER_FIELD_PAGE_STEPS),
      PageDown: () => stepBy(-NUMBER_FIELD_PAGE_STEPS),
      // Without a bound, Home/End keep their caret-moving meaning.
      Home: min === undefined ? undefined : () => commit(min),
      End: max === undefined ? undefined : () => commit(max),
      Enter: commitDraft,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    if (event.key !== 'Enter' && draft !== null) {
      // Step from what the user typed, not from the value before typing.
      const typed = parseInput(draft);
      if (typed !== null) latest.current = clamp(typed, min, max);
      setDraft(null);
    }
    action();
  };

  const atMin = min !== undefined && value <= min;
  const atMax = max !== undefined && value >= max;
  const buttonClass =
    'inline-flex size-10 shrink-0 cursor-pointer items-center justify-center text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40';

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className={cn('flex h-10 items-stretch overflow-hidden rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring', disabled && 'opacity-50')}>
        <button
          type="button"
          className={cn(buttonClass, 'border-e border-input')}
          aria-label={t('ui.numberField.decrement')}
          aria-controls={inputId}
          disabled={disabled || atMin}
          onPointerDown={startHold(-1)}
          onPointerLeave={stopHold}
          onClick={onButtonClick(-1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={inputId}
          name={name}
          type="text"
          inputMode="decimal"
          role="spinbutton"
          autoComplete="off"
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuetext={format(value)}
          disabled={disabled}
          className="w-full min-w-0 bg-transparent px-2 text-center tabular-nums outline-none"
          value={draft ?? format(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commitDraft}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={cn(buttonClass, 'border-s border-input')}
          aria-label={t('ui.numberField.increment')}
          aria-controls={inputId}
          disabled={disabled || atMax}
          onPointerDown={startHold(1)}
          onPointerLeave={stopHold}
          onClick={onButtonClick(1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
