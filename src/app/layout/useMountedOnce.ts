import { useState } from 'react';

/** True from the first time `active` is true: lazy dialogs stay mounted afterwards so they can animate closed. */
export function useMountedOnce(active: boolean): boolean {
  const [mounted, setMounted] = useState(active);
  if (active && !mounted) setMounted(true);
  return mounted || active;
}
