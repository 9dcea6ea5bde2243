import { Suspense, lazy, useState } from 'react';

const Dialog = lazy(() => import('./CreateCampaignDialog.tsx'));

/** The Frame/Background chooser, loaded on first open so pages stay light. */
export function LazyCreateCampaignDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
