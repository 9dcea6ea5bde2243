import { Frame, ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';

const TYPES = [
  { type: 'frame', icon: Frame },
  { type: 'background', icon: ImageIcon },
] as const;

/** Lets a creator pick Frame or Background, then opens /create/<type>. */
export function CreateCampaignDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title={t('pages.createDialog.title')} description={t('pages.createDialog.description')}>
      <div className="grid gap-3 sm:grid-cols-2">
        {TYPES.map(({ type, icon: Icon }) => (
          <button
            key={type}
            type="button"
            onClick={() => {
              onOpenChange(false);
              navigate(`/create/${type}`);
            }}
            className="flex flex-col items-start gap-2 rounded-lg border p-4 text-start hover:border-primary hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Icon className="size-6 text-primary-ink" aria-hidden="true" />
            <span className="font-semibold">{t(`pages.createDialog.${type}.title`)}</span>
            <span className="text-sm text-muted-foreground">{t(`pages.createDialog.${type}.description`)}</span>
          </button>
        ))}
      </div>
    </ResponsiveDialog>
  );
}

export default CreateCampaignDialog;
