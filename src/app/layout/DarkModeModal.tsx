import { Suspense, useEffect, useRef, useState } from 'react';
import { DARK_MODE_MODAL_DELAY_MS, darkModeModalClosed, rememberDarkModeModalClosed, shouldOfferDarkMode } from './darkModeModalRules.ts';
import { LazyDarkModeDialog } from './lazyDialogs.ts';
import { useMountedOnce } from './useMountedOnce.ts';

/** Offers dark mode once, 500 ms after load; never on campaign pages, never after it was closed. */
export function DarkModeModal({ routeName }: { routeName: string | undefined }) {
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);
  const routeRef = useRef(routeName);
  useEffect(() => {
    routeRef.current = routeName;
  }, [routeName]);

  useEffect(() => {
    if (!shouldOfferDarkMode(darkModeModalClosed(), routeRef.current)) return;
    const timer = setTimeout(() => {
      if (shouldOfferDarkMode(darkModeModalClosed(), routeRef.current)) setOpen(true);
    }, DARK_MODE_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyDarkModeDialog
        open={open}
        onClose={() => {
          rememberDarkModeModalClosed();
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
