import { Flag } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import type { ReportTarget } from './ReportDialog.tsx';

// Loaded on first open: the dialog brings the report contract (and its schema library) along.
const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

export function ReportButton({ target, uri }: { target: ReportTarget; uri: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="w-fit text-muted-foreground">
        <Flag aria-hidden="true" />
        {t(`report.open.${target}`)}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} target={target} uri={uri} />
        </Suspense>
      )}
    </>
  );
}
