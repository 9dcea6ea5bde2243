import { useEffect, useState } from 'react';

/** An object URL for the blob, if any, while the component is mounted (revoked on unmount or when the blob changes). */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    // The URL is an external resource: made and revoked with the effect, so StrictMode's re-run gets a live one.
    const created = URL.createObjectURL(blob);
    // oxlint-disable-next-line react/set-state-in-effect -- publishing the resource the effect created
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
