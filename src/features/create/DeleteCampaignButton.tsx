import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ResponsiveDialog } from '../../components/ResponsiveDialog.tsx';
import { FormError } from '../account/TextField.tsx';
import { isApiError } from '../../lib/api/index.ts';
import { deleteCampaign } from './campaignWriteApi.ts';

/** Deletes the campaign after a confirmation; `onDeleted` runs once the server has removed it. */
export function DeleteCampaignButton({ uri, title, onDeleted }: { uri: string; title: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await deleteCampaign(uri);
      setOpen(false);
      onDeleted();
    } catch (failure) {
      setError(isApiError(failure) ? t(`errors.${failure.code}`, { defaultValue: failure.message }) : t('errors.UNKNOWN'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button type="button" variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {t('create.delete.action')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={(next) => !pending && setOpen(next)}
        title={t('create.delete.title', { title })}
        description={t('create.delete.description')}
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t('create.delete.cancel')}
            </Button>
            <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={pending}>
              {pending ? t('create.delete.pending') : t('create.delete.confirm')}
            </Button>
          </>
        }
      >
        <FormError message={error} />
      </ResponsiveDialog>
    </>
  );
}
