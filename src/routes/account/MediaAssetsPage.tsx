import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LogoDownloads } from '../../domains/brand/LogoDownloads.tsx';
import { PaletteSwatches } from '../../domains/brand/PaletteSwatches.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

const DOS = ['original', 'contrast', 'space'] as const;
const DONTS = ['recolor', 'stretch', 'effects', 'rotate', 'busy', 'rename'] as const;

/** /media-assets: the brand kit — logo files to download, the palette with its values, and how to use them. */
export default function MediaAssetsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="media-assets" className="space-y-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('mediaAssets.title')}</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">{t('mediaAssets.lead')}</p>
      </header>

      <section aria-labelledby="media-assets-logos">
        <h2 id="media-assets-logos" className="text-2xl font-bold">
          {t('mediaAssets.logos.title')}
        </h2>
        <p className="mt-2 mb-6 max-w-3xl text-muted-foreground">{t('mediaAssets.logos.lead')}</p>
        <LogoDownloads />
      </section>

      <section aria-labelledby="media-assets-palette">
        <h2 id="media-assets-palette" className="text-2xl font-bold">
          {t('mediaAssets.palette.title')}
        </h2>
        <p className="mt-2 mb-6 max-w-3xl text-muted-foreground">{t('mediaAssets.palette.lead')}</p>
        <PaletteSwatches />
      </section>

      <section aria-labelledby="media-assets-usage">
        <h2 id="media-assets-usage" className="text-2xl font-bold">
          {t('mediaAssets.usage.title')}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="rounded-lg border bg-card p-5">
            <h3 className="font-semibold">{t('mediaAssets.usage.space.title')}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t('mediaAssets.usage.space.text')}</p>
            {/* The clear space drawn around the mark: a dashed box half the mark's height away from it. */}
            <div className="mt-4 flex justify-center" aria-hidden="true">
              <div className="rounded-sm border-2 border-dashed border-primary/60 p-6">
                <img src="/media-assets/bingkai-mark.svg" alt="" className="size-12" />
              </div>
            </div>
          </div>
          <div className="rounded-lg border bg-card p-5">
            <h3 className="font-semibold">{t('mediaAssets.usage.size.title')}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t('mediaAssets.usage.size.text')}</p>
          </div>
          <div className="rounded-lg border bg-card p-5">
            <h3 className="font-semibold">{t('mediaAssets.usage.do.title')}</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {DOS.map((key) => (
                <li key={key} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
                  <span>{t(`mediaAssets.usage.do.${key}`)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-lg border bg-card p-5">
            <h3 className="font-semibold">{t('mediaAssets.usage.dont.title')}</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {DONTS.map((key) => (
                <li key={key} className="flex gap-2">
                  <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                  <span>{t(`mediaAssets.usage.dont.${key}`)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mt-6 text-sm text-muted-foreground">{t('mediaAssets.usage.contact')}</p>
      </section>
    </PageContainer>
  );
}
