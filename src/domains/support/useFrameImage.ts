import { useEffect, useState } from 'react';

/** The frame picture as a decoded <img> for the Konva stage; undefined while it loads or when it failed. */
export function useFrameImage(url: string | undefined): HTMLImageElement | undefined {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url) return;
    let active = true;
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    image.decode().then(
      () => active && setLoaded({ url, image }),
      (error: unknown) => console.warn('The frame image could not be shown', url, error),
    );
    return () => {
      active = false;
    };
  }, [url]);
  return loaded && loaded.url === url ? loaded.image : undefined;
}
