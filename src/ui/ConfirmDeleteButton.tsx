import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { isApiError } from '../../api/index.ts';
import { FormError } from './TextField.tsx';

export interface ConfirmDeleteLabels {
  action: string;
  /** Names the thing when several delete buttons share a page. */
  actionAria?: string;
  title: string;
  description: string;
  cancel: string;
  confirm: string;
  pending: string;
  /** Shown when the failure is not an API error. */
  failed: string;
}

/** A delete button that asks first; the dialog stays open with the reason when `remove` fails. */
export function ConfirmDeleteButton({
  labels,
  remove,
  onDeleted,
  variant = 'outline',
  size,
}: {
  labels: ConfirmDeleteLabels;
  remove: () => Promise<void>;
  onDeleted: () => void;
  variant?: 'outline' | 'ghost';
  size?: 'sm';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await remove();
      setOpen(false);
      onDeleted();
    } catch (failure) {
      setError(isApiError(failure) ? t(`errors.${failure.code}`, { defaultValue: failure.message }) : labels.failed);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button type="button" variant={variant} {...(size ? { size } : {})} className="text-destructive" aria-label={labels.actionAria} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {labels.action}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={(next) => !pending && setOpen(next)}
        title={labels.title}
        description={labels.description}
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {labels.cancel}
            </Button>
            <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={pending}>
              {pending ? labels.pending : labels.confirm}
            </Button>
          </>
        }
      >
        <FormError message={error} />
      </ResponsiveDialog>
    </>
  );
}
