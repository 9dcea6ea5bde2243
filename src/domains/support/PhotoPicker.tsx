import { Camera, ImagePlus } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { markPerf, PERF_MARKS } from '../../lib/perfMarks.ts';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import { PHOTO_ACCEPT, pickImageFile } from './pickImageFile.ts';

export interface PhotoPickerProps {
  onPick: (file: File) => void;
  /** Shown inside the drop zone above the buttons (the frame or the adjuster). */
  children?: ReactNode;
  /** Shown right under the buttons (an error about the picked file). */
  alert?: ReactNode;
  disabled?: boolean;
}

/** A finger is the main pointer and nothing hovers: no drag and drop and no Ctrl+V to speak of. */
const TOUCH_ONLY_QUERY = '(pointer: coarse) and (hover: none)';

/**
 * A drop zone with "Choose photo" (a real file input behind a label, so it is keyboard reachable)
 * and, on touch screens, "Take a photo" which opens the front camera.
 */
export function PhotoPicker({ onPick, children, alert, disabled = false }: PhotoPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const touch = useMediaQuery('(pointer: coarse)');
  const touchOnly = useMediaQuery(TOUCH_ONLY_QUERY);

  const take = (files: FileList | null | undefined) => {
    const file = pickImageFile(files);
    if (!file || disabled) return;
    markPerf(PERF_MARKS.pick);
    onPick(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const inputClass = 'peer sr-only';
  const labelClass = (variant: 'default' | 'outline') =>
    cn(buttonVariants({ variant, size: 'lg' }), 'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2', disabled && 'pointer-events-none opacity-50');

  return (
    <div
      data-testid="photo-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn('flex flex-col gap-4 rounded-xl border-2 border-dashed p-3 sm:p-4', dragging ? 'border-primary bg-accent' : 'border-border')}
    >
      {children}
      <div className="flex flex-wrap items-center justify-center gap-3">
        <span>
          <input
            id={`${id}-file`}
            type="file"
            accept={PHOTO_ACCEPT}
            disabled={disabled}
            className={inputClass}
            onChange={(event) => {
              take(event.currentTarget.files);
              // The same file again must still count as a new choice.
              event.currentTarget.value = '';
            }}
          />
          <label htmlFor={`${id}-file`} className={labelClass('default')}>
            <ImagePlus aria-hidden="true" />
            {t('support.picker.choose')}
          </label>
        </span>
        {touch && (
          <span>
            <input
              id={`${id}-camera`}
              type="file"
              accept="image/*"
              capture="user"
              disabled={disabled}
              className={inputClass}
              onChange={(event) => {
                take(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
            <label htmlFor={`${id}-camera`} className={labelClass('outline')}>
              <Camera aria-hidden="true" />
              {t('support.picker.camera')}
            </label>
          </span>
        )}
      </div>
      {alert}
      <p className="text-center text-sm text-muted-foreground">{t(touchOnly ? 'support.picker.formats' : 'support.picker.hint')}</p>
    </div>
  );
}
