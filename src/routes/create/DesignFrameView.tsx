import { FileQuestion } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { FrameDesigner } from '../../domains/designer/FrameDesigner.tsx';
import type { CampaignType } from '../../../contract/campaign.ts';
import { openDesignDraft } from '../../domains/designer/useDesignAutosave.ts';
import type { LoadedFrame, Pipeline } from '../../pipeline/index.ts';
import { isLoggedIn, useAccountStore } from '../../domains/account/accountStore.ts';
import { useDesignStore } from '../../domains/designer/designStore.ts';

export interface DesignFrameViewProps {
  designId: string;
  type: CampaignType;
  pipeline: Pipeline | null;
  pipelineSupported: boolean;
  /** The exported PNG, named after the design. */
  onUse: (file: File, loaded: LoadedFrame) => void;
  onClose: () => void;
}

/**
 * /create/{type}/{designId}: opens the draft (the store's own when it is that design, else the newest
 * of this device's and the account's copies) in the frame designer. Lazy-loaded by the create page.
 */
export default function DesignFrameView({ designId, type, pipeline, pipelineSupported, onUse, onClose }: DesignFrameViewProps) {
  const { t } = useTranslation();
  const signedIn = useAccountStore(isLoggedIn);
  const open = useDesignStore((state) => state.document?.id === designId);
  const kind = useDesignStore((state) => (state.document?.id === designId ? state.document.kind : type));
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (useDesignStore.getState().document?.id === designId) return;
    let current = true;
    openDesignDraft(designId, signedIn).then(
      (document) => {
        if (!current) return;
        if (document) useDesignStore.getState().load(document);
        else setMissing(true);
      },
      (error: unknown) => {
        console.error('The design could not be opened', error);
        if (current) setMissing(true);
      },
    );
    return () => {
      current = false;
    };
  }, [designId, signedIn]);

  // A background design opened under /create/frame (or the reverse) belongs to the other campaign type's page.
  if (open && kind !== type) return <Navigate to={`/create/${kind}/${encodeURIComponent(designId)}`} replace />;
  if (open) return <FrameDesigner type={type} pipeline={pipeline} pipelineSupported={pipelineSupported} signedIn={signedIn} onUse={onUse} onClose={onClose} />;
  if (missing) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center" data-testid="design-not-found">
        <FileQuestion className="size-10 text-muted-foreground" aria-hidden="true" />
        {/* The form's own h1 is hidden while a design is open. */}
        <h1 className="text-xl font-semibold">{t('design.designer.notFound.title')}</h1>
        <p className="max-w-sm text-sm text-muted-foreground">{t('design.designer.notFound.body')}</p>
        <Button onClick={onClose}>{t('design.designer.notFound.back')}</Button>
      </div>
    );
  }
  return <Spinner label={t('design.designer.loading')} className="mx-auto my-16 flex" busy />;
}
