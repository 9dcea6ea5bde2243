import { ImagePlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { PHOTO_ACCEPT, pickImageFile } from './pickImageFile.ts';

/** "Use another photo for this area": a file input behind a label (keyboard reachable) that fills only the edited hole. */
export function HolePhotoInput({ onPick, disabled = false }: { onPick: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span>
      <input
        id={id}
        type="file"
        accept={PHOTO_ACCEPT}
        disabled={disabled}
        className="peer sr-only"
        onChange={(event) => {
          const file = pickImageFile(event.currentTarget.files);
          // The same file again must still count as a new choice.
          event.currentTarget.value = '';
          if (file && !disabled) onPick(file);
        }}
      />
      <label
        htmlFor={id}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2', disabled && 'pointer-events-none opacity-50')}
      >
        <ImagePlus aria-hidden="true" />
        {t('support.holes.anotherPhoto')}
      </label>
    </span>
  );
}
