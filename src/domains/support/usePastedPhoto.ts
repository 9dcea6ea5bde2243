import { useEffect } from 'react';
import { pickImageFile } from './pickImageFile.ts';

/** Pasting an image anywhere on the page picks it. */
export function usePastedPhoto(onPick: (file: File) => void): void {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = pickImageFile(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      onPick(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onPick]);
}
