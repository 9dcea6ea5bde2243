/** HEIC/HEIF often arrive without a MIME type (Windows, some Android pickers), so the name counts too. */
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|bmp|heic|heif)$/i;

export const PHOTO_ACCEPT = 'image/*,.heic,.heif';

export function looksLikeImage(file: File): boolean {
  return file.type.startsWith('image/') || IMAGE_NAME.test(file.name);
}

/** The first image among dropped or pasted files, else the first file (the pipeline then says why it cannot open it). */
export function pickImageFile(files: Iterable<File> | ArrayLike<File> | null | undefined): File | null {
  const list = files ? Array.from(files) : [];
  return list.find(looksLikeImage) ?? list[0] ?? null;
}
