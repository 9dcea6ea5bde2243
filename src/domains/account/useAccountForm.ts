import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage, fieldErrorsFromApi, fieldErrorsFromZod, type FieldErrors } from './formErrors.ts';

export interface AccountForm<V extends Record<string, string>> {
  values: V;
  setValue: (name: keyof V & string) => (value: string) => void;
  errors: FieldErrors;
  formError: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Shows an error that did not come from a submit (for example a missing captcha). */
  setFormError: (message: string | null) => void;
}

/**
 * Form state for the account forms: values are checked with the contract's schema first (bad
 * input sends nothing), then `submit` runs; a failure shows the server's `fields` next to the
 * inputs and its message above the button.
 */
export function useAccountForm<V extends Record<string, string>, S extends z.ZodType>(
  schema: S,
  initial: V,
  submit: (data: z.infer<S>) => Promise<void>,
  options: { beforeSubmit?: () => string | null } = {},
): AccountForm<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrorsFromZod(checked.error));
      setFormError(null);
      return;
    }
    const blocked = options.beforeSubmit?.() ?? null;
    setErrors({});
    setFormError(blocked);
    if (blocked) return;
    setPending(true);
    submit(checked.data).then(
      () => setPending(false),
      (error: unknown) => {
        setPending(false);
        setErrors(fieldErrorsFromApi(error));
        setFormError(errorMessage(error));
      },
    );
  };

  return {
    values,
    setValue: (name) => (value) => setValues((current) => ({ ...current, [name]: value })),
    errors,
    formError,
    pending,
    onSubmit,
    setFormError,
  };
}
