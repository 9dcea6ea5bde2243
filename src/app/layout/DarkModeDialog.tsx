import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import { useThemeStore, type ThemeMode } from '../themeStore.ts';

const OPTIONS: { mode: ThemeMode; icon: typeof Sun }[] = [
  { mode: 'dark', icon: Moon },
  { mode: 'light', icon: Sun },
  { mode: 'system', icon: Monitor },
];

/** Bottom sheet below 640 px, centred above; large from 1536 px; never draggable. */
export default function DarkModeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const large = useMediaQuery('(min-width: 1536px)');
  const mode = useThemeStore((s) => s.mode);
  const setMode = useThemeStore((s) => s.setMode);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('theme.modal.title')}
      description={t('theme.modal.description')}
      size={large ? 'lg' : 'md'}
      draggable={false}
      footer={
        <Button variant="ghost" onClick={onClose}>
          {t('theme.modal.keep')}
        </Button>
      }
    >
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t('theme.label')}</legend>
        {OPTIONS.map(({ mode: option, icon: Icon }) => (
          <Button
            key={option}
            variant={option === mode ? 'default' : 'outline'}
            className="h-auto flex-col gap-2 py-4"
            aria-pressed={option === mode}
            onClick={() => {
              setMode(option);
              onClose();
            }}
          >
            <Icon className="size-6" aria-hidden="true" />
            <span>{t(`theme.modal.use.${option}`)}</span>
          </Button>
        ))}
      </fieldset>
    </ResponsiveDialog>
  );
}
