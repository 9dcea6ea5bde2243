import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { BRAND_ASSETS, brandAssetUrl, type BrandAsset, type BrandAssetFile } from '../../../contract/brandAssets.ts';

const PREVIEW_BACKGROUND: Record<BrandAsset['background'], string> = {
  light: 'bg-white',
  dark: 'bg-[#1b1b1b]',
  // Transparent files on a checkerboard, so their transparency shows.
  any: 'bg-[repeating-conic-gradient(#e5e7eb_0_25%,#ffffff_0_50%)] bg-[length:16px_16px]',
};

function fileLabel(file: BrandAssetFile): string {
  return file.format === 'svg' ? 'SVG' : `PNG · ${file.width} × ${file.height}`;
}

/** Every logo file of the kit: a preview of each variant on its background, and a download link per file. */
export function LogoDownloads() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {BRAND_ASSETS.map((asset) => {
        const [svg] = asset.files;
        const name = t(`mediaAssets.logos.${asset.kind}.name`);
        return (
          <li key={asset.kind} className="overflow-hidden rounded-lg border bg-card" aria-labelledby={`asset-${asset.kind}`} data-asset={asset.kind}>
            <div className={cn('flex h-40 items-center justify-center border-b p-6', PREVIEW_BACKGROUND[asset.background])}>
              {svg && <img src={brandAssetUrl(svg)} alt={t('mediaAssets.logos.previewAlt', { name })} className={cn('max-h-full', asset.kind.startsWith('logo') ? 'w-64' : 'size-24')} />}
            </div>
            <div className="p-4">
              <h3 id={`asset-${asset.kind}`} className="font-semibold">
                {name}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`mediaAssets.logos.${asset.kind}.use`)}</p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('mediaAssets.logos.downloads', { name })}>
                {asset.files.map((file) => (
                  <li key={file.name}>
                    <a
                      href={brandAssetUrl(file)}
                      download={file.name}
                      aria-label={t('mediaAssets.logos.download', { file: fileLabel(file), name })}
                      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-input bg-background px-3 text-xs font-medium shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      <Download className="size-3.5" aria-hidden="true" />
                      {fileLabel(file)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
