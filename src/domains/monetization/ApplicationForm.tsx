import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MONETIZATION_LIMITS, monetizationApplyBody, type MonetizationApplyBody, type MonetizationView } from '../../../contract/monetization.ts';
import { fetchOwnCampaigns } from '../../api/campaignWrites.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { applyForMonetization } from '../../api/monetization.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { FormError, inputClass, TextField } from '../../ui/TextField.tsx';
import { countryOptions } from '../account/public.ts';
import { emptyPayoutMethod, PayoutMethodFields, type PayoutMethodDraft } from './PayoutMethodFields.tsx';

function methodBody(draft: PayoutMethodDraft): MonetizationApplyBody['payoutMethod'] {
  return draft.type === 'bank'
    ? { type: 'bank', bankName: draft.bankName, accountName: draft.accountName, accountNumber: draft.accountNumber }
    : { type: 'ewallet', provider: draft.provider as 'gopay', accountName: draft.accountName, handle: draft.handle };
}

/** The monetization application: legal name, country, payout method, the creator's own campaigns, the terms. */
export function ApplicationForm({ initial, onSent }: { initial?: MonetizationView['application']; onSent: (view: MonetizationView) => void }) {
  const { t, i18n } = useTranslation();
  const countryId = useId();
  const [legalName, setLegalName] = useState(initial?.legalName ?? '');
  const [country, setCountry] = useState(initial?.country ?? '');
  const [method, setMethod] = useState<PayoutMethodDraft>(() => (initial ? { ...emptyPayoutMethod, ...initial.payoutMethod } : emptyPayoutMethod));
  const [chosen, setChosen] = useState<string[]>(initial?.campaigns.map((campaign) => campaign.uri) ?? []);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [campaigns] = useAsync((signal) => fetchOwnCampaigns(1, MONETIZATION_LIMITS.campaignsMax, signal), []);
  const countries = useMemo(() => countryOptions(i18n.language || 'en', '').filter((option) => option.code !== 'WW'), [i18n.language]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { legalName, country, payoutMethod: methodBody(method), campaigns: chosen, agreeToTerms: agreed };
    const parsed = monetizationApplyBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] === 'payoutMethod' ? (issue.path[1] ?? 'payoutMethod') : issue.path[0]);
        found[field] ??= t(`monetization.form.errors.${field}`, { defaultValue: issue.message });
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      onSent(await applyForMonetization(body as MonetizationApplyBody));
    } catch (error) {
      setFailure(apiErrorMessage(t, error, t('monetization.form.failed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <form aria-label={t('monetization.form.title')} className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t('monetization.form.legalName')} name="legalName" value={legalName} onValueChange={setLegalName} error={errors.legalName} maxLength={MONETIZATION_LIMITS.legalNameMax} autoComplete="name" />
      <div>
        <label htmlFor={countryId} className="mb-1 block text-sm font-medium">
          {t('monetization.form.country')}
        </label>
        <select
          id={countryId}
          name="country"
          className={inputClass}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${countryId}-error` : undefined}
        >
          <option value="">{t('monetization.form.chooseCountry')}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {errors.country && (
          <p id={`${countryId}-error`} className="mt-1 text-sm text-destructive">
            {errors.country}
          </p>
        )}
      </div>
      <PayoutMethodFields value={method} onChange={setMethod} errors={errors} />
      <fieldset className="space-y-2 rounded-lg border p-4" aria-describedby={errors.campaigns ? 'monetization-campaigns-error' : undefined}>
        <legend className="px-1 text-sm font-medium">{t('monetization.form.campaigns')}</legend>
        {campaigns.status === 'loading' && <Spinner label={t('monetization.form.loadingCampaigns')} busy />}
        {campaigns.status === 'error' && <p className="text-sm text-destructive">{apiErrorMessage(t, campaigns.error, t('monetization.loadError'))}</p>}
        {campaigns.status === 'success' && campaigns.data.items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {t('monetization.form.noCampaigns')}{' '}
            <Link to="/create/frame" className="underline">
              {t('monetization.form.createCampaign')}
            </Link>
          </p>
        )}
        {campaigns.status === 'success' &&
          campaigns.data.items.map((campaign) => (
            <label key={campaign.uri} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="campaigns"
                value={campaign.uri}
                checked={chosen.includes(campaign.uri)}
                onChange={(event) => setChosen((list) => (event.target.checked ? [...list, campaign.uri] : list.filter((uri) => uri !== campaign.uri)))}
              />
              {campaign.title}
            </label>
          ))}
        {errors.campaigns && (
          <p id="monetization-campaigns-error" className="text-sm text-destructive">
            {errors.campaigns}
          </p>
        )}
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="agreeToTerms" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} aria-invalid={errors.agreeToTerms ? true : undefined} />
          <span>
            {t('monetization.form.agree')}{' '}
            <Link to="/terms" className="underline">
              {t('monetization.form.terms')}
            </Link>
          </span>
        </label>
        {errors.agreeToTerms && <p className="mt-1 text-sm text-destructive">{errors.agreeToTerms}</p>}
      </div>
      <FormError message={failure} />
      <SubmitButton pending={pending}>{t('monetization.form.submit')}</SubmitButton>
    </form>
  );
}
