import { Globe, Link2, Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignVisibilities } from '../../../contract/campaign.ts';
import { CAMPAIGN_LIMITS } from '../../../contract/campaignWrite.ts';
import { cn } from '../../lib/cn.ts';
import { TextField } from '../../ui/TextField.tsx';
import type { Visibility } from './campaignForm.ts';
import { PlanLock } from './PlanLock.tsx';

const ICONS = { public: Globe, unlisted: Link2, private: Lock } as const;

export interface VisibilityFieldProps {
  value: Visibility;
  accessCode: string;
  onChange: (patch: { visibility?: Visibility; accessCode?: string }) => void;
  /** Unlisted and private need the creator plan. */
  creatorPlan: boolean;
  /** The edit page: a code is already set, so leaving the field empty keeps it. */
  hasAccessCode?: boolean;
  errors: { visibility?: string | undefined; accessCode?: string | undefined };
}

/** Who can find the campaign; private campaigns open with an access code. */
export function VisibilityField({ value, accessCode, onChange, creatorPlan, hasAccessCode = false, errors }: VisibilityFieldProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-lg font-semibold">{t('create.visibility.title')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {campaignVisibilities.map((option) => {
          const Icon = ICONS[option];
          // A campaign that already has the setting keeps it selectable, so the form never hides its own state.
          const locked = option !== 'public' && !creatorPlan && value !== option;
          return (
            <div key={option} className={cn('rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', value === option && 'border-primary bg-primary/5')}>
              {/* Only the locked choice itself is dimmed: its hint stays readable (WCAG contrast), it says what the plan gives. */}
              <label htmlFor={`${name}-${option}`} className={cn('flex items-center gap-2 font-medium', locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer')}>
                <input id={`${name}-${option}`} type="radio" name={name} value={option} checked={value === option} disabled={locked} onChange={() => onChange({ visibility: option })} aria-describedby={`${name}-${option}-hint`} />
                <Icon className="size-4" aria-hidden="true" />
                {t(`create.visibility.${option}`)}
                {locked && <Lock className="size-3" aria-label={t('create.visibility.locked')} />}
              </label>
              <p id={`${name}-${option}-hint`} className="ms-6 mt-1 text-xs text-muted-foreground">
                {t(`create.visibility.${option}Hint`)}
              </p>
            </div>
          );
        })}
      </div>
      {!creatorPlan && <PlanLock feature="visibility" />}
      {errors.visibility && (
        <p role="alert" className="text-sm text-destructive">
          {errors.visibility}
        </p>
      )}
      {value === 'private' && (
        <TextField
          name="accessCode"
          label={t('create.visibility.accessCode')}
          value={accessCode}
          onValueChange={(code) => onChange({ accessCode: code })}
          error={errors.accessCode}
          maxLength={CAMPAIGN_LIMITS.accessCodeMax}
          autoComplete="off"
          hint={hasAccessCode ? t('create.visibility.accessCodeKeep') : t('create.visibility.accessCodeHint', { min: CAMPAIGN_LIMITS.accessCodeMin })}
        />
      )}
    </fieldset>
  );
}
