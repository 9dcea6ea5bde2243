import { PenTool } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { campaignTypes } from '../../../contract/campaign.ts';
import type { DesignDocument } from '../../../contract/design.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CampaignForm, type FrameIntake } from '../../domains/create/CampaignForm.tsx';
import type { CampaignType } from '../../../contract/campaign.ts';
import { createBody, emptyCampaignForm } from '../../domains/create/campaignForm.ts';
import { createCampaign } from '../../api/campaignWrites.ts';
import type { LoadedFrame } from '../../pipeline/index.ts';
import { usePipeline } from '../../pipeline/usePipeline.ts';
import { DesignDraftList } from '../../domains/designer/DesignDraftList.tsx';
import { startNewDesign } from '../../domains/designer/startNewDesign.ts';
import { cn } from '../../lib/cn.ts';
import { useDesignStore } from '../../domains/designer/designStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import NotFoundPage from '../../ui/NotFoundPage.tsx';

// The designer (Konva, templates) loads only when a design opens, so the create page stays small.
const DesignFrameView = lazy(() => import('./DesignFrameView.tsx'));
const NewDesignDialog = lazy(() => import('../../domains/designer/NewDesignDialog.tsx').then((module) => ({ default: module.NewDesignDialog })));

const isCampaignType = (value: string | undefined): value is CampaignType => (campaignTypes as readonly (string | undefined)[]).includes(value);

/**
 * /create/frame and /create/background: upload (or design) the frames, fill in the campaign and publish it.
 * /create/{type}/{designId} is the same page with the frame designer open over the form, which stays
 * mounted (hidden) so nothing typed is lost while designing.
 */
export default function CreateCampaignPage() {
  const { type } = useParams();
  if (!isCampaignType(type)) return <NotFoundPage />;
  return <CreateCampaign key={type} type={type} />;
}

function CreateCampaign({ type }: { type: CampaignType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { frameid: designId } = useParams();
  const { pipeline, supported } = usePipeline();
  const intake = useRef<FrameIntake>(null);
  const [choosing, setChoosing] = useState(false);
  const designing = designId !== undefined;
  const formPath = `/create/${type}`;

  const openDesign = useCallback((id: string) => navigate(`${formPath}/${encodeURIComponent(id)}`), [formPath, navigate]);
  const create = async (draft: DesignDocument) => {
    const document = await startNewDesign(draft);
    setChoosing(false);
    openDesign(document.id);
  };
  // The exported PNG joins the form like a picked file; the form is mounted, only hidden. The design's name
  // becomes the campaign title when none is typed yet (not the start dialog's "Untitled design").
  const takeDesign = useCallback(
    (file: File, loaded?: LoadedFrame) => {
      const name = useDesignStore.getState().document?.name;
      intake.current?.take([file], loaded, name === t('design.start.untitled') ? undefined : name);
      navigate(formPath);
    },
    [formPath, navigate, t],
  );
  const close = useCallback(() => navigate(formPath), [formPath, navigate]);

  return (
    <PageContainer route="create-campaign" className={cn('py-6 sm:py-10', designing && 'max-w-none px-2 py-2 sm:px-4 sm:py-4')}>
      {/* The designer has its own h1; a page keeps exactly one. */}
      {!designing && (
        <>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`create.page.title.${type}`)}</h1>
          <p className="mt-2 mb-8 text-muted-foreground">{t(`create.page.lead.${type}`)}</p>
        </>
      )}
      <div hidden={designing} data-testid="create-form">
        <CampaignForm
          type={type}
          pipeline={pipeline}
          pipelineSupported={supported}
          initial={emptyCampaignForm()}
          submitLabel={t('create.page.publish')}
          frameIntake={intake}
          frameExtras={
            <section aria-labelledby="design-entry-title" className="flex flex-col gap-3 rounded-lg border p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p id="design-entry-title" className="text-sm text-muted-foreground">
                  {t(`create.designEntry.hint.${type}`)}
                </p>
                <Button variant="outline" onClick={() => setChoosing(true)}>
                  <PenTool aria-hidden="true" />
                  {t(`create.designEntry.${type}`)}
                </Button>
              </div>
              {/* Remounted on the way back from the designer, so the list shows the latest edits. */}
              {!designing && <DesignDraftList kind={type} onOpen={openDesign} />}
            </section>
          }
          onSubmit={async (values, frames) => {
            const campaign = await createCampaign(createBody(type, values, frames));
            navigate(`/${campaign.uri}`);
          }}
        />
      </div>
      {designing && (
        <Suspense fallback={<Spinner label={t('design.designer.loading')} className="mx-auto my-16" busy />}>
          <DesignFrameView key={designId} designId={designId} type={type} pipeline={pipeline} pipelineSupported={supported} onUse={takeDesign} onClose={close} />
        </Suspense>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <NewDesignDialog open={choosing} kind={type} onOpenChange={setChoosing} onCreate={create} />
        </Suspense>
      )}
    </PageContainer>
  );
}
