import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_URI_MAX } from '../../../contract/campaignUri.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { inputClass } from '../../ui/TextField.tsx';
import { cn } from '../../lib/cn.ts';
import type { UriStatus } from '../../lib/useUriAvailability.ts';

export interface UriFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  status: UriStatus;
  error?: string | undefined;
}

const GOOD: ReadonlySet<UriStatus> = new Set(['available', 'own']);
const BAD: ReadonlySet<UriStatus> = new Set(['taken', 'reserved', 'invalid', 'error']);

/** The campaign's link (bingkai.id/<uri>) with its availability, checked as the creator types. */
export function UriField({ value, onValueChange, status, error }: UriFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = Boolean(error) || BAD.has(status);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('create.fields.uri')}
      </label>
      {/* The link reads left to right in every language: host, slash, then the typed part. */}
      <div dir="ltr" className="flex items-stretch">
        <span className="flex items-center rounded-s-md border border-e-0 border-input bg-muted px-3 text-sm text-muted-foreground" aria-hidden="true">
          {`${window.location.host}/`}
        </span>
        <input
          id={id}
          name="uri"
          value={value}
          maxLength={CAMPAIGN_URI_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onValueChange(event.target.value.toLowerCase())}
          className={cn(inputClass, 'rounded-s-none')}
        />
      </div>
      <p id={`${id}-status`} data-testid="uri-status" data-status={status} aria-live="polite" className={cn('mt-1 flex items-center gap-1 text-sm', GOOD.has(status) && 'text-emerald-700 dark:text-emerald-400', BAD.has(status) && 'text-destructive', !GOOD.has(status) && !BAD.has(status) && 'text-muted-foreground')}>
        {status === 'checking' && <Spinner size="sm" label={t('create.uri.checking')} />}
        {GOOD.has(status) && <CircleCheck className="size-4" aria-hidden="true" />}
        {BAD.has(status) && <CircleAlert className="size-4" aria-hidden="true" />}
        <span aria-hidden={status === 'checking' ? true : undefined}>{t(`create.uri.${status}`)}</span>
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
