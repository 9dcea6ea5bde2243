import { useEffect, useMemo, useRef, useState } from 'react';
import type { DesignAsset } from '../../../contract/design.ts';
import type { DesignImages } from '../../../core/design/designRender.ts';

function decode(asset: DesignAsset): Promise<ImageBitmap> {
  const bytes = Uint8Array.from(atob(asset.data), (char) => char.charCodeAt(0));
  return createImageBitmap(new Blob([bytes], { type: asset.mime }));
}

interface Entry {
  asset: DesignAsset;
  bitmap: ImageBitmap | null;
}

/**
 * The document's embedded images, decoded once per asset (a replaced asset is decoded again) and
 * closed when they leave the document or the component unmounts. The returned object changes
 * whenever an image finishes decoding, so memoised nodes that draw images redraw then.
 */
export function useDesignImages(assets: Readonly<Record<string, DesignAsset>>): DesignImages {
  const entries = useRef(new Map<string, Entry>());
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const map = entries.current;
    for (const [id, entry] of map) {
      if (assets[id] !== entry.asset) {
        entry.bitmap?.close();
        map.delete(id);
      }
    }
    for (const [id, asset] of Object.entries(assets)) {
      if (map.has(id)) continue;
      const entry: Entry = { asset, bitmap: null };
      map.set(id, entry);
      decode(asset).then(
        (bitmap) => {
          // Replaced or unmounted meanwhile: nobody will draw it.
          if (map.get(id) !== entry) return bitmap.close();
          entry.bitmap = bitmap;
          setVersion((v) => v + 1);
        },
        (error: unknown) => console.warn(`Design image "${id}" could not be decoded`, error),
      );
    }
  }, [assets]);

  useEffect(() => {
    const map = entries.current;
    return () => {
      for (const entry of map.values()) entry.bitmap?.close();
      map.clear();
    };
  }, []);

  return useMemo<DesignImages>(() => {
    void version;
    const map = entries.current;
    return { get: (assetId) => map.get(assetId)?.bitmap ?? undefined };
  }, [version]);
}
