import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_LIMITS, type DonationSummary } from '../../../contract/donation.ts';
import { currencies, type Currency } from '../../../contract/plan.ts';
import { apiErrorMessage, isApiError } from '../../api/ApiError.ts';
import { saveDonationSettings } from '../../api/donations.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { DonationProgress } from './DonationProgress.tsx';
import { hasMarkup, inputFromMinor, minorFromInput } from './donationFormat.ts';

const fieldClass = 'w-full rounded-md border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

type FieldErrors = Partial<Record<'cause' | 'goal' | 'currency', string>>;

/** The creator turns donations on or off and sets the cause, an optional goal and the currency. */
export function DonationSettingsForm({ uri, initial, onSaved }: { uri: string; initial: DonationSummary; onSaved: (summary: DonationSummary) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [cause, setCause] = useState(initial.cause);
  const [goal, setGoal] = useState(initial.goalAmount === null ? '' : inputFromMinor(initial.goalAmount, initial.currency));
  const [currency, setCurrency] = useState<Currency>(initial.currency);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const trimmed = cause.trim();
    if (enabled && trimmed.length < DONATION_LIMITS.causeMin) found.cause = t('donation.settings.causeTooShort', { count: DONATION_LIMITS.causeMin });
    if (hasMarkup(trimmed)) found.cause = t('donation.form.noMarkup');
    const goalAmount = goal.trim() === '' ? null : minorFromInput(goal, currency);
    if (goal.trim() !== '' && (goalAmount === null || goalAmount <= 0)) found.goal = t('donation.settings.goalInvalid');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await saveDonationSettings(uri, { enabled, cause: trimmed, goalAmount, currency });
      toast({ title: t('donation.settings.saved') });
      onSaved(saved);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.currency) setErrors({ currency: t('donation.settings.currencyFixed') });
      setFormError(apiErrorMessage(t, error, t('donation.settings.failed')));
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: keyof FieldErrors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4" aria-labelledby={`${id}-title`} data-testid="donation-settings">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('donation.settings.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('donation.settings.lead')}</p>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('donation.settings.enabled')}
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-cause`} className="text-sm font-medium">
          {t('donation.settings.cause')}
        </label>
        <textarea id={`${id}-cause`} rows={3} className={fieldClass} maxLength={DONATION_LIMITS.causeMax} value={cause} onChange={(e) => setCause(e.target.value)} aria-invalid={Boolean(errors.cause)} aria-describedby={errors.cause ? `${id}-cause-error` : undefined} />
        {errorOf('cause')}
      </div>
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-currency`} className="text-sm font-medium">
            {t('donation.settings.currency')}
          </label>
          <select id={`${id}-currency`} className={fieldClass} value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} aria-invalid={Boolean(errors.currency)} aria-describedby={errors.currency ? `${id}-currency-error` : undefined}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          {errorOf('currency')}
        </div>
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={`${id}-goal`} className="text-sm font-medium">
            {t('donation.settings.goal', { currency })}
          </label>
          <input id={`${id}-goal`} inputMode="decimal" className={fieldClass} value={goal} onChange={(e) => setGoal(e.target.value)} aria-invalid={Boolean(errors.goal)} aria-describedby={`${id}-goal-hint${errors.goal ? ` ${id}-goal-error` : ''}`} />
          <p id={`${id}-goal-hint`} className="text-xs text-muted-foreground">
            {t('donation.settings.goalHint')}
          </p>
          {errorOf('goal')}
        </div>
      </div>
      <DonationProgress summary={initial} />
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {t('donation.settings.save')}
        </Button>
      </div>
    </form>
  );
}
