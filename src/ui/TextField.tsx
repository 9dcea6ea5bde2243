import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export const inputClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive disabled:opacity-60';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  multiline?: boolean;
}

/** Input types whose values are always Latin: typed left to right even in a right-to-left page. */
const LATIN_TYPES: ReadonlySet<string | undefined> = new Set(['email', 'url']);

/**
 * Labelled input with its error and hint wired through aria-describedby. Email and URL inputs are
 * dir="ltr" unless told otherwise; pass dir="ltr" for other always-Latin values (usernames, links).
 */
export function TextField({ label, name, value, onValueChange, error, hint, multiline, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const shared = { id, name, value, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={4} maxLength={input.maxLength} disabled={input.disabled} onChange={(event) => onValueChange(event.target.value)} className={cn(inputClass, 'resize-y')} />
      ) : (
        <input {...input} {...shared} dir={input.dir ?? (LATIN_TYPES.has(input.type) ? 'ltr' : undefined)} onChange={(event) => onValueChange(event.target.value)} className={inputClass} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level error (the server's message), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}
