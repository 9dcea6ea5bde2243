import { ImageOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES, uploadImageTypes } from '../../../contract/accountProfile.ts';
import { errorMessageKey } from '../../api/index.ts';
import { uploadCollectionCover } from '../../api/collections.ts';
import { Button } from '../../ui/Button.tsx';

/** The cover as the form holds it: unchanged, a new upload (its key, for the server to check), or none. */
export type CoverChoice = { kind: 'keep' } | { kind: 'new'; key: string; preview: string } | { kind: 'none' };

export interface CoverFieldProps {
  /** The saved cover's URL, when the collection has one. */
  savedUrl: string | null;
  value: CoverChoice;
  onChange: (value: CoverChoice) => void;
  /** Reports an upload in progress, so the form waits for it. */
  onBusyChange: (busy: boolean) => void;
}

/** An optional cover image, uploaded when picked; without one the first campaign's thumbnail is shown. */
export function CoverField({ savedUrl, value, onChange, onBusyChange }: CoverFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<{ kind: 'idle' | 'uploading' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const preview = value.kind === 'new' ? value.preview : value.kind === 'keep' ? savedUrl : null;

  useEffect(() => {
    if (value.kind !== 'new') return;
    return () => URL.revokeObjectURL(value.preview);
  }, [value]);

  const pick = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!(uploadImageTypes as readonly string[]).includes(file.type)) return setStatus({ kind: 'error', message: t('collection.cover.type') });
    if (file.size > UPLOAD_MAX_BYTES) return setStatus({ kind: 'error', message: t('collection.cover.size', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 }) });
    setStatus({ kind: 'uploading' });
    onBusyChange(true);
    uploadCollectionCover(file)
      .then(
        (key) => {
          setStatus({ kind: 'idle' });
          onChange({ kind: 'new', key, preview: URL.createObjectURL(file) });
        },
        (error: unknown) => setStatus({ kind: 'error', message: t(errorMessageKey(error)) }),
      )
      .finally(() => onBusyChange(false));
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('collection.cover.label')}
      </label>
      <div className="flex aspect-[1200/630] w-full max-w-sm items-center justify-center overflow-hidden rounded-lg border bg-muted">
        {preview ? (
          <img src={preview} alt={t('collection.cover.previewAlt')} className="size-full object-cover" data-testid="collection-cover-preview" />
        ) : (
          <span className="flex flex-col items-center gap-1 p-4 text-center text-xs text-muted-foreground">
            <ImageOff className="size-6" aria-hidden="true" />
            {t('collection.cover.fallback')}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept={uploadImageTypes.join(',')}
          disabled={status.kind === 'uploading'}
          aria-describedby={`${id}-status`}
          aria-invalid={status.kind === 'error' ? true : undefined}
          onChange={(event) => pick(event.currentTarget)}
          className="block max-w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        {preview && (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange({ kind: 'none' })}>
            {t('collection.cover.remove')}
          </Button>
        )}
      </div>
      <p id={`${id}-status`} role={status.kind === 'error' ? 'alert' : 'status'} className={status.kind === 'error' ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
        {status.kind === 'uploading' ? t('collection.cover.uploading') : status.kind === 'error' ? status.message : t('collection.cover.hint', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 })}
      </p>
    </div>
  );
}
