import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from './Button.tsx';
import { ResponsiveDialog } from './ResponsiveDialog.tsx';
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
}

/** A delete button that asks first; the dialog stays open with the reason when `remove` fails. */
export function ConfirmDeleteButton({
  labels,
  remove,
  describeFailure,
  onDeleted,
  variant = 'outline',
  size,
}: {
  labels: ConfirmDeleteLabels;
  remove: () => Promise<void>;
  /** The reason shown in the dialog when `remove` throws. */
  describeFailure: (failure: unknown) => string;
  onDeleted: () => void;
  variant?: 'outline' | 'ghost';
  size?: 'sm';
}) {
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
      setError(describeFailure(failure));
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
