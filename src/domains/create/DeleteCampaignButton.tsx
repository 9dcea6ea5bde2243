import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../ui/ConfirmDeleteButton.tsx';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { deleteCampaign } from '../../api/campaignWrites.ts';

/** Deletes the campaign after a confirmation; `onDeleted` runs once the server has removed it. */
export function DeleteCampaignButton({ uri, title, onDeleted }: { uri: string; title: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDeleteButton
      labels={{
        action: t('create.delete.action'),
        title: t('create.delete.title', { title }),
        description: t('create.delete.description'),
        cancel: t('create.delete.cancel'),
        confirm: t('create.delete.confirm'),
        pending: t('create.delete.pending'),
      }}
      remove={() => deleteCampaign(uri)}
      describeFailure={(failure) => apiErrorMessage(t, failure, t('errors.UNKNOWN'))}
      onDeleted={onDeleted}
    />
  );
}
