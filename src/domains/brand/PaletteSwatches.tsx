import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toastStore.ts';
import { PALETTE, type PaletteGroup } from '../../../contract/brandAssets.ts';

const GROUPS: readonly PaletteGroup[] = ['brand', 'neutral', 'status'];

function CopyHex({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: t('mediaAssets.palette.copied', { value }) });
    } catch {
      toast({ title: t('mediaAssets.palette.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={t('mediaAssets.palette.copy', { value, name: label })}
      className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-mono text-xs uppercase hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {value}
      <Copy className="size-3" aria-hidden="true" />
    </button>
  );
}

/** The theme's colours as swatches, light and dark side by side, each value with a copy button. */
export function PaletteSwatches() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`palette-${group}`}>
          <h3 id={`palette-${group}`} className="text-lg font-semibold">
            {t(`mediaAssets.palette.groups.${group}`)}
          </h3>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {PALETTE.filter((color) => color.group === group).map((color) => {
              const name = t(`mediaAssets.palette.tokens.${color.token}`);
              return (
                <li key={color.token} className="overflow-hidden rounded-lg border bg-card" data-token={color.token}>
                  <div className="flex h-20">
                    <span className="flex-1" style={{ backgroundColor: color.light }} aria-hidden="true" />
                    <span className="flex-1" style={{ backgroundColor: color.dark }} aria-hidden="true" />
                  </div>
                  <div className="p-3">
                    <p className="font-medium">{name}</p>
                    <p className="font-mono text-xs text-muted-foreground">--{color.token}</p>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-2 text-sm">
                      <dt className="text-muted-foreground">{t('mediaAssets.palette.light')}</dt>
                      <dd>
                        <CopyHex value={color.light} label={name} />
                      </dd>
                      <dt className="text-muted-foreground">{t('mediaAssets.palette.dark')}</dt>
                      <dd>
                        <CopyHex value={color.dark} label={name} />
                      </dd>
                    </dl>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
