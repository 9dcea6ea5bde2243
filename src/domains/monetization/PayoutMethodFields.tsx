import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ewalletProviders, MONETIZATION_LIMITS } from '../../../contract/monetization.ts';
import { inputClass, TextField } from '../../ui/TextField.tsx';

export interface PayoutMethodDraft {
  type: 'bank' | 'ewallet';
  bankName: string;
  accountName: string;
  accountNumber: string;
  provider: string;
  handle: string;
}

export const emptyPayoutMethod: PayoutMethodDraft = { type: 'bank', bankName: '', accountName: '', accountNumber: '', provider: 'gopay', handle: '' };

/** Where payouts go: a bank account or an e-wallet, each with its own fields. */
export function PayoutMethodFields({ value, onChange, errors }: { value: PayoutMethodDraft; onChange: (next: PayoutMethodDraft) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const providerId = useId();
  const set = (patch: Partial<PayoutMethodDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="space-y-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t('monetization.form.method')}</legend>
      <div className="flex flex-wrap gap-4">
        {(['bank', 'ewallet'] as const).map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input type="radio" name="payout-method" value={type} checked={value.type === type} onChange={() => set({ type })} />
            {t(`monetization.form.methods.${type}`)}
          </label>
        ))}
      </div>
      {value.type === 'bank' ? (
        <>
          <TextField label={t('monetization.form.bankName')} name="bankName" value={value.bankName} onValueChange={(bankName) => set({ bankName })} error={errors.bankName} maxLength={MONETIZATION_LIMITS.bankNameMax} />
          <TextField
            label={t('monetization.form.accountNumber')}
            name="accountNumber"
            inputMode="numeric"
            value={value.accountNumber}
            onValueChange={(accountNumber) => set({ accountNumber })}
            error={errors.accountNumber}
            maxLength={34}
          />
        </>
      ) : (
        <>
          <div>
            <label htmlFor={providerId} className="mb-1 block text-sm font-medium">
              {t('monetization.form.provider')}
            </label>
            <select id={providerId} name="provider" className={inputClass} value={value.provider} onChange={(event) => set({ provider: event.target.value })}>
              {ewalletProviders.map((provider) => (
                <option key={provider} value={provider}>
                  {t(`monetization.form.providers.${provider}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField label={t('monetization.form.handle')} name="handle" value={value.handle} onValueChange={(handle) => set({ handle })} error={errors.handle} maxLength={254} />
        </>
      )}
      <TextField
        label={t('monetization.form.accountName')}
        name="accountName"
        value={value.accountName}
        onValueChange={(accountName) => set({ accountName })}
        error={errors.accountName}
        maxLength={MONETIZATION_LIMITS.accountNameMax}
      />
    </fieldset>
  );
}
