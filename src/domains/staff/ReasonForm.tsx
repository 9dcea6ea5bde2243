import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_REASON_MAX, STAFF_REASON_MIN } from '../../../contract/staff.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { Button, type ButtonVariant } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';

export interface ReasonAction<A extends string> {
  action: A;
  label: string;
  variant?: ButtonVariant;
}

export interface ReasonFormProps<A extends string> {
  /** Names what is being ruled on, for the reason field's label. */
  subject: string;
  actions: readonly ReasonAction<A>[];
  onSubmit: (action: A, reason: string) => Promise<void>;
}

/** A required reason and the buttons that act with it: nothing is sent until the reason is long enough. */
export function ReasonForm<A extends string>({ subject, actions, onSubmit }: ReasonFormProps<A>) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function act(action: A, event?: FormEvent) {
    event?.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < STAFF_REASON_MIN) {
      setError(t('staff.reason.tooShort', { min: STAFF_REASON_MIN }));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(action, trimmed);
      setReason('');
    } catch (failure) {
      setError(apiErrorMessage(t, failure, t('staff.reason.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-2" onSubmit={(event) => void act(actions[0]!.action, event)} noValidate>
      <TextField
        label={t('staff.reason.label', { subject })}
        name="reason"
        value={reason}
        onValueChange={setReason}
        error={error}
        maxLength={STAFF_REASON_MAX}
        multiline
      />
      <div className="flex flex-wrap gap-2">
        {actions.map(({ action, label, variant }) => (
          <Button key={action} type="button" size="sm" variant={variant ?? 'outline'} disabled={busy} onClick={() => void act(action)}>
            {label}
          </Button>
        ))}
      </div>
    </form>
  );
}
