import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DONATION_ACTION, DONATION_LIMITS, type DonationSummary } from '../../../contract/donation.ts';
import type { PaymentProviderName } from '../../../contract/order.ts';
import { apiErrorMessage, isApiError } from '../../api/ApiError.ts';
import { createDonation } from '../../api/donations.ts';
import { Button } from '../../ui/Button.tsx';
import { useAccountStore } from '../account/public.ts';
import { hasMarkup, inputFromMinor, minorFromInput, newIdempotencyKey } from './donationFormat.ts';
import { formatMoney } from '../../lib/formatMoney.ts';

const fieldClass = 'w-full rounded-md border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

type FieldErrors = Partial<Record<'amount' | 'name' | 'message' | 'email', string>>;

export interface DonateFormProps {
  uri: string;
  summary: DonationSummary;
  /** Where the browser goes to pay (the provider's page); a full navigation by default. */
  goTo?: (url: string) => void;
}

/**
 * The donation form: an amount at or above the minimum in the campaign's currency, an optional name and message (or
 * anonymous), and an email for the receipt (a signed-in donor's own, prefilled). It opens the order and sends the
 * browser to the provider's page; the provider sends it back to /donation-success/{uri}.
 */
export function DonateForm({ uri, summary, goTo = (url) => window.location.assign(url) }: DonateFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const accountEmail = useAccountStore((s) => s.email);
  const accountName = useAccountStore((s) => s.name);
  // DurianPay's checkout script runs only on /checkout: donations go through providers with a hosted page.
  const providers = summary.providers.filter((provider) => provider.id !== 'durianpay');
  const [amount, setAmount] = useState(inputFromMinor(summary.minimum, summary.currency));
  const [name, setName] = useState(accountName ?? '');
  const [message, setMessage] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [email, setEmail] = useState(accountEmail ?? '');
  const [provider, setProvider] = useState<PaymentProviderName | undefined>(providers[0]?.id);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per attempt: kept while the same attempt is retried, new once anything changes.
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const minimum = formatMoney(summary.minimum, summary.currency, i18n.language);
  const minor = minorFromInput(amount, summary.currency);

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (minor === null || minor < summary.minimum) found.amount = t('donation.form.amountTooSmall', { minimum });
    else if (minor > summary.maximum) found.amount = t('donation.form.amountTooLarge', { maximum: formatMoney(summary.maximum, summary.currency, i18n.language) });
    if (!anonymous && hasMarkup(name)) found.name = t('donation.form.noMarkup');
    if (hasMarkup(message)) found.message = t('donation.form.noMarkup');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('donation.form.emailInvalid');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || minor === null || !provider) return;
    const body = { amount: minor, currency: summary.currency, provider, email: email.trim(), name: anonymous ? '' : name.trim(), message: message.trim(), anonymous };
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setBusy(true);
    try {
      const created = await createDonation(uri, { ...body, idempotencyKey: attempt.current.key });
      if (created.checkout?.kind === 'redirect') goTo(created.checkout.url);
      else navigate(`/${encodeURIComponent(uri)}?action=${DONATION_ACTION}`, { replace: true });
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.amount) setErrors({ amount: t('donation.form.amountTooSmall', { minimum }) });
      setFormError(apiErrorMessage(t, error, t('donation.form.failed')));
      setBusy(false);
    }
  };

  const describedBy = (field: keyof FieldErrors, hint?: string) => [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof FieldErrors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  if (providers.length === 0) return <p className="text-sm text-muted-foreground">{t('donation.form.noProvider')}</p>;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-title`} data-testid="donate-form">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('donation.form.title')}
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-amount`} className="text-sm font-medium">
          {t('donation.form.amount', { currency: summary.currency })}
        </label>
        <input id={`${id}-amount`} className={fieldClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={Boolean(errors.amount)} aria-describedby={describedBy('amount', `${id}-amount-hint`)} />
        <p id={`${id}-amount-hint`} className="text-xs text-muted-foreground">
          {t('donation.form.minimum', { minimum })}
        </p>
        {fieldError('amount')}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
        {t('donation.form.anonymous')}
      </label>
      {!anonymous && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {t('donation.form.name')}
          </label>
          <input id={`${id}-name`} className={fieldClass} maxLength={DONATION_LIMITS.nameMax} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} aria-describedby={describedBy('name')} autoComplete="name" />
          {fieldError('name')}
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          {t('donation.form.message')}
        </label>
        <textarea id={`${id}-message`} className={fieldClass} rows={3} maxLength={DONATION_LIMITS.messageMax} value={message} onChange={(e) => setMessage(e.target.value)} aria-invalid={Boolean(errors.message)} aria-describedby={describedBy('message')} />
        {fieldError('message')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('donation.form.email')}
        </label>
        <input id={`${id}-email`} type="email" dir="ltr" className={fieldClass} maxLength={DONATION_LIMITS.emailMax} value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(errors.email)} aria-describedby={describedBy('email', `${id}-email-hint`)} autoComplete="email" required />
        <p id={`${id}-email-hint`} className="text-xs text-muted-foreground">
          {t('donation.form.emailHint')}
        </p>
        {fieldError('email')}
      </div>
      {providers.length > 1 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t('donation.form.provider')}</legend>
          {providers.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-provider`} value={option.id} checked={provider === option.id} onChange={() => setProvider(option.id)} />
              {t(`donation.form.providers.${option.id}`)}
            </label>
          ))}
        </fieldset>
      )}
      {providers.find((option) => option.id === provider)?.isTest && (
        <p className="rounded-md border border-dashed border-amber-600 bg-amber-50 p-2 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t('donation.form.testPayment')}</p>
      )}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {minor !== null && minor > 0 ? t('donation.form.submitAmount', { amount: formatMoney(minor, summary.currency, i18n.language) }) : t('donation.form.submit')}
      </Button>
    </form>
  );
}
