import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAILS_MAX, reportReasons, type ReportReason } from '../../../contract/report.ts';
import { Button } from '../../ui/Button.tsx';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { toast } from '../../ui/toastStore.ts';
import { errorMessageKey, isApiError } from '../../api/index.ts';
import { FormError, inputClass } from '../../ui/TextField.tsx';
import { sendReport } from '../../api/reports.ts';

export type ReportTarget = 'campaign' | 'post';

/** Reason, details, submit; one report per person and target (a repeat is told kindly, not as a failure). */
export default function ReportDialog({ open, onOpenChange, target, uri }: { open: boolean; onOpenChange: (open: boolean) => void; target: ReportTarget; uri: string }) {
  const { t } = useTranslation();
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alreadyReported, setAlreadyReported] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t('report.chooseReason'));
    if (reason === 'other' && !details.trim()) return setError(t('report.detailsNeeded'));
    setBusy(true);
    setError(null);
    try {
      await sendReport({ target, uri, reason, details: details.trim() });
      toast({ title: t('report.sent') });
      onOpenChange(false);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'ALREADY_REPORTED') setAlreadyReported(true);
      else setError(t(errorMessageKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`report.title.${target}`)}
      description={t('report.description')}
      footer={
        alreadyReported ? (
          <Button onClick={() => onOpenChange(false)}>{t('report.close')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {t('report.submit')}
            </Button>
          </>
        )
      }
    >
      {alreadyReported ? (
        <output className="block rounded-md bg-muted p-3 text-sm">
          {t('report.already')}
        </output>
      ) : (
        <form id={formId} onSubmit={submit} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('report.reasonLegend')}</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {reportReasons.map((value) => (
                <label key={value} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
                  <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4 accent-primary" />
                  {t(`report.reasons.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${formId}-details`} className="mb-1 block text-sm font-medium">
              {t(reason === 'other' ? 'report.detailsRequired' : 'report.details')}
            </label>
            <textarea id={`${formId}-details`} name="details" rows={3} maxLength={REPORT_DETAILS_MAX} value={details} onChange={(event) => setDetails(event.target.value)} className={`${inputClass} resize-y`} />
          </div>
          <FormError message={error} />
        </form>
      )}
    </ResponsiveDialog>
  );
}
