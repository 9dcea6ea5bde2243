import { Download, Share } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordShare } from '../../api/campaignAnalytics.ts';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import type { SupportResultData } from '../support/public.ts';
import { chooseSaveMethod } from './saveMethod.ts';
import { useObjectUrl } from '../../lib/useObjectUrl.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function canShareFiles(file: File): boolean {
  try {
    return typeof navigator.canShare === 'function' && typeof navigator.share === 'function' && navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

/**
 * The result's preview and the way to save it: a download link, the share sheet with the file where
 * downloads do not work (in-app browsers), or the picture shown large to long-press.
 */
export function ResultSave({ result }: { result: SupportResultData }) {
  const { t } = useTranslation();
  const url = useObjectUrl(result.blob);
  const file = useMemo(() => new File([result.blob], result.fileName, { type: result.blob.type }), [result]);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [shareFailed, setShareFailed] = useState(false);
  const method = chooseSaveMethod({
    userAgent: navigator.userAgent,
    downloadSupported: 'download' in HTMLAnchorElement.prototype,
    canShareFiles: canShareFiles(file),
    downloadFailed,
    shareFailed,
  });

  const shareFile = async () => {
    try {
      await navigator.share({ files: [file] });
      recordShare(result.uri, 'native');
    } catch (error) {
      if (!isAbort(error)) setShareFailed(true);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <figure className={cn('mx-auto w-full', method === 'long-press' ? 'max-w-none' : 'max-w-lg')}>
        {url && <img src={url} alt={t('result.previewAlt')} width={result.width} height={result.height} className="h-auto w-full rounded-lg border" />}
        <figcaption className="mt-2 text-center text-sm text-muted-foreground">{tIsolated(t, 'result.size', { width: result.width, height: result.height })}</figcaption>
      </figure>
      {method === 'download' && url && (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="lg" asChild>
            <a href={url} download={result.fileName} onClick={() => recordShare(result.uri, 'download')}>
              <Download aria-hidden="true" />
              {t('result.download')}
            </a>
          </Button>
          <button type="button" onClick={() => setDownloadFailed(true)} className="text-sm underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {t('result.downloadFailed')}
          </button>
        </div>
      )}
      {method === 'share' && (
        <div className="space-y-2">
          <Button size="lg" onClick={shareFile}>
            <Share aria-hidden="true" />
            {t('result.saveShare')}
          </Button>
          <p className="text-sm text-muted-foreground">{t('result.saveShareHint')}</p>
        </div>
      )}
      {method === 'long-press' && (
        <output className="block rounded-md bg-muted p-3 text-sm">
          {t('result.longPress')}
        </output>
      )}
    </div>
  );
}
