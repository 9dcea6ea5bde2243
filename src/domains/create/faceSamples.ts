/** Face photos the preview places into a new frame (written by scripts/buildSamples.ts). */
export const FACE_SAMPLE_URLS = ['/samples/sample-1.jpg', '/samples/sample-2.jpg', '/samples/sample-3.jpg'] as const;

const cache = new Map<string, Promise<Blob>>();

/** The sample's bytes, fetched once per page load. */
export function faceSample(url: string, signal?: AbortSignal): Promise<Blob> {
  let blob = cache.get(url);
  if (!blob) {
    blob = fetch(url, signal ? { signal } : {}).then((response) => {
      if (!response.ok) throw new Error(`Face sample ${url} answered HTTP ${response.status}`);
      return response.blob();
    });
    blob.catch(() => cache.delete(url));
    cache.set(url, blob);
  }
  return blob;
}
