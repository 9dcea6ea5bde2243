/**
 * Browser side of scripts/buildPreviewSample.ts: the person's opacity over the server's link-preview sample,
 * computed by the supporter's own pipeline code, so the cut-out in a background campaign's preview is the one a
 * supporter would get from the same photo: segmentPerson (MediaPipe selfie model, edges refined) on the photo,
 * then personAlpha at the photo's size (the smoothing and edge curve replaceBackground's 'design' cut-out uses).
 */
import { personAlpha } from '../background.ts';
import { segmentPerson } from '../segment.ts';

export interface SampleAlpha {
  width: number;
  height: number;
  /** width × height opacities, 0 background … 255 person, base64 (page.evaluate carries strings cheaply). */
  base64: string;
}

export async function previewSampleAlpha(photoUrl: string): Promise<SampleAlpha> {
  const response = await fetch(photoUrl);
  if (!response.ok) throw new Error(`${photoUrl}: ${response.status}`);
  const photo = await createImageBitmap(await response.blob());
  try {
    const alpha = personAlpha(await segmentPerson(photo), photo.width, photo.height);
    let binary = '';
    // In slices: String.fromCharCode takes its bytes as arguments.
    for (let i = 0; i < alpha.length; i += 0x8000) binary += String.fromCharCode(...alpha.subarray(i, i + 0x8000));
    return { width: photo.width, height: photo.height, base64: btoa(binary) };
  } finally {
    photo.close();
  }
}
