import type { z } from 'zod';
import { isApiError } from '../../api/index.ts';

export type FieldErrors = Record<string, string>;

/** 'body.email' and 'email' both name the field `email`. */
function fieldName(path: string): string {
  return path.split('.').filter(Boolean).at(-1) ?? path;
}

/** First message per field of a failed zod check. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = fieldName(issue.path.map(String).join('.')) || 'form';
    errors[name] ??= issue.message;
  }
  return errors;
}

/** The `fields` of the server's error envelope, keyed by field name. */
export function fieldErrorsFromApi(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isApiError(error) || !error.fields) return errors;
  for (const [path, message] of Object.entries(error.fields)) errors[fieldName(path)] ??= message;
  return errors;
}

/** What a failed call shows: the server's message, or the network error's own (seed §8). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
