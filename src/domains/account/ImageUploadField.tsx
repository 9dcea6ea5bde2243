import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES, uploadImageTypes } from '../../../contract/accountProfile.ts';
import { errorMessage } from './formErrors.ts';

/** Null when the file may be uploaded, else why not (checked before anything is sent). */
export function imageProblem(file: File, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) return t('profile.imageType');
  if (file.size > UPLOAD_MAX_BYTES) return t('profile.imageSize', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 });
  return null;
}

export interface ImageUploadFieldProps {
  label: string;
  upload: (file: File) => Promise<void>;
  onUploaded?: (file: File) => void;
}

/** A file input that uploads a checked image right away and reports the outcome. */
export function ImageUploadField({ label, upload, onUploaded }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<{ kind: 'idle' | 'uploading' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  const pick = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageProblem(file, t);
    if (problem) {
      setStatus({ kind: 'error', message: problem });
      input.value = '';
      return;
    }
    setStatus({ kind: 'uploading' });
    upload(file).then(
      () => {
        setStatus({ kind: 'done' });
        onUploaded?.(file);
      },
      (error: unknown) => setStatus({ kind: 'error', message: errorMessage(error) }),
    );
    input.value = '';
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={uploadImageTypes.join(',')}
        disabled={status.kind === 'uploading'}
        aria-invalid={status.kind === 'error' ? true : undefined}
        aria-describedby={`${id}-status`}
        onChange={(event) => pick(event.currentTarget)}
        className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
      <p id={`${id}-status`} role={status.kind === 'error' ? 'alert' : 'status'} className={status.kind === 'error' ? 'mt-1 text-sm text-destructive' : 'mt-1 text-xs text-muted-foreground'}>
        {status.kind === 'uploading' ? t('profile.uploading') : status.kind === 'done' ? t('profile.uploaded') : status.kind === 'error' ? status.message : t('profile.imageHint', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 })}
      </p>
    </div>
  );
}
