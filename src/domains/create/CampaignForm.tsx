import { useEffect, useImperativeHandle, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { CampaignFrame } from '../../../contract/campaign.ts';
import { CAMPAIGN_LIMITS, type FrameRef } from '../../../contract/campaignWrite.ts';
import { hasCreatorPlan } from '../../../contract/plan.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { LoadedFrame, Pipeline } from '../../pipeline/index.ts';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { FormError } from '../../ui/TextField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { CampaignFields } from './CampaignFields.tsx';
import type { CampaignType } from '../../../contract/campaign.ts';
import type { CampaignFormValues } from './campaignForm.ts';
import { FrameList } from './FrameList.tsx';
import { frameRefs } from './frameDrafts.ts';
import { keepPickedFrames, useKeepPicksOnLeave, useWaitingPicks } from './pickedFrames.ts';
import { SamplePreview } from './SamplePreview.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import { useCampaignFormState } from './useCampaignFormState.ts';
import { useFrameDrafts } from './useFrameDrafts.ts';
import { UriField } from './UriField.tsx';
import { useUriAvailability } from '../../lib/useUriAvailability.ts';
import { checkUriAvailability } from '../../api/campaignWrites.ts';
import { VisibilityField } from './VisibilityField.tsx';

export interface CampaignFormProps {
  type: CampaignType;
  pipeline: Pipeline | null;
  pipelineSupported: boolean;
  initial: CampaignFormValues;
  /** The edit page: the campaign's frames, its link and whether it has an access code. */
  existing?: { frames: CampaignFrame[]; uri: string; hasAccessCode: boolean; firstFrameId?: string | undefined };
  submitLabel: string;
  /** Sends the form; throws the API's error when it fails. */
  onSubmit: (values: CampaignFormValues, frames: FrameRef[]) => Promise<void>;
  /** Extra actions beside the submit button (delete on the edit page). */
  actions?: ReactNode;
  /** Shown below the frame picker (the create page's "Design a frame"). */
  frameExtras?: ReactNode;
  /** Lets the page hand in frames made elsewhere (the designer's export), as if picked. */
  frameIntake?: Ref<FrameIntake>;
}

export interface FrameIntake {
  /**
   * Adds the files like picked frames (analysis, upload, server check) and selects the first; with no room left it
   * replaces the selected frame. `loaded` is the first file's analysis when the pipeline made it already (a design).
   * `title` (a design's name) becomes the campaign's title while that is still empty.
   */
  take(files: readonly File[], loaded?: LoadedFrame, title?: string): void;
}

/** Frames with their preview on one side, the campaign's fields on the other; shared by create and edit. */
export function CampaignForm({ type, pipeline, pipelineSupported, initial, existing, submitLabel, onSubmit, actions, frameExtras, frameIntake }: CampaignFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useAccountStore(isLoggedIn);
  const creatorPlan = hasCreatorPlan(useAccountStore((state) => state.subscription?.plan));
  // The create page gets back what was picked on it before (signed out) or handed to it (an opaque design).
  const waiting = useWaitingPicks(type, !existing);
  const form = useCampaignFormState(waiting?.values ?? initial, !existing);
  const frames = useFrameDrafts({ type, pipeline, pipelineSupported, signedIn, ...(existing ? { initialFrames: existing.frames } : {}), ...(waiting ? { initialFiles: waiting.files } : {}) });
  // Signed out, the picks outlive the page in memory: signing up leaves it for /verification and comes back.
  const handedOn = useRef(new Set<File>());
  useKeepPicksOnLeave(type, !existing, () =>
    signedIn ? null : { files: frames.drafts.flatMap((draft) => (draft.file && !handedOn.current.has(draft.file) ? [draft.file] : [])), values: form.values },
  );
  const startBackground = (localId: string) => {
    const file = frames.drafts.find((draft) => draft.localId === localId)?.file;
    if (!file) return;
    handedOn.current.add(file);
    keepPickedFrames('background', { files: [file], values: form.values });
    navigate('/create/background');
  };
  const uriStatus = useUriAvailability(form.values.uri, existing?.uri, checkUriAvailability);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a refused submit: focus then moves to the first field with a problem; the form's message is an alert.
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [refusedSubmits]);
  const [selectedId, setSelectedId] = useState<string | null>(() => {
    const index = existing?.frames.findIndex((frame) => frame.id === existing.firstFrameId) ?? -1;
    return frames.drafts[Math.max(0, index)]?.localId ?? null;
  });
  const selected = frames.drafts.find((draft) => draft.localId === selectedId) ?? frames.drafts[0] ?? null;
  const maxFrames = creatorPlan ? CAMPAIGN_LIMITS.framesMax : Math.max(CAMPAIGN_LIMITS.framesFree, existing?.frames.length ?? 0);
  const refused = frames.drafts.some((draft) => draft.upload.status === 'refused');
  const checkedCount = frames.drafts.filter((draft) => draft.upload.status === 'checked' || draft.upload.status === 'kept').length;
  const room = Math.max(0, maxFrames - frames.drafts.length);
  const { add: addFrames, replace: replaceFrame } = frames;
  const { change: changeForm } = form;
  const typedTitle = form.values.title;
  const selectedLocalId = selected?.localId ?? null;
  useImperativeHandle(
    frameIntake,
    () => ({
      take(files, loaded, title) {
        const [first] = files;
        if (!first) return;
        if (title?.trim() && !typedTitle.trim()) changeForm({ title: title.trim().slice(0, CAMPAIGN_LIMITS.titleMax) });
        const ids = room > 0 ? addFrames(files.slice(0, room), loaded) : selectedLocalId ? [replaceFrame(selectedLocalId, first, loaded)] : [];
        if (ids[0]) setSelectedId(ids[0]);
      },
    }),
    [addFrames, replaceFrame, room, selectedLocalId, typedTitle, changeForm],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) {
      useAccountStore.getState().openAuthModal('sign-in', { returnTo: pathname });
      return;
    }
    const refuse = (message?: string) => {
      if (message) form.setFormError(message);
      setRefusedSubmits((count) => count + 1);
    };
    if (!form.validate({ frameCount: frames.drafts.length, creatorPlan, hasAccessCode: existing?.hasAccessCode ?? false })) return refuse();
    if (uriStatus === 'taken' || uriStatus === 'reserved') return refuse(t('create.errors.checkFields'));
    const refs = frameRefs(frames.drafts);
    if (!refs) return refuse(refused ? t('create.errors.framesRefused') : t('create.errors.framesPending'));
    setPending(true);
    form.setFormError(null);
    try {
      await onSubmit(form.values, refs);
    } catch (error) {
      form.showServerError(error);
      setRefusedSubmits((count) => count + 1);
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="grid gap-8 lg:grid-cols-2">
      <div className="flex flex-col gap-8">
        <FrameList
          type={type}
          drafts={frames.drafts}
          maxFrames={maxFrames}
          planLocked={!creatorPlan}
          selectedId={selected?.localId ?? null}
          error={form.errors.frames}
          onSelect={setSelectedId}
          onAdd={frames.add}
          onReplace={frames.replace}
          onRemove={frames.remove}
          onMove={frames.move}
          onStartBackground={startBackground}
        />
        {frameExtras}
        <SamplePreview pipeline={pipeline} frame={selected?.analysis.status === 'ready' ? selected.analysis.loaded : null} type={type} />
      </div>
      <div className="flex flex-col gap-8">
        <CampaignFields
          values={form.values}
          errors={form.errors}
          onChange={form.change}
          uriField={<UriField value={form.values.uri} onValueChange={(uri) => form.change({ uri })} status={uriStatus} error={form.errors.uri} />}
        />
        <VisibilityField
          value={form.values.visibility}
          accessCode={form.values.accessCode}
          onChange={form.change}
          creatorPlan={creatorPlan}
          hasAccessCode={existing?.hasAccessCode ?? false}
          errors={{ visibility: form.errors.visibility, accessCode: form.errors.accessCode }}
        />
        <div className="flex flex-col gap-3">
          {!signedIn && <SignInPrompt />}
          <FormError message={form.formError} />
          {(frames.busy || pending) && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="form-progress">
              <Spinner size="sm" label={pending ? t('create.progress.saving') : t('create.progress.uploading', { done: checkedCount, total: frames.drafts.length })} />
              <span aria-hidden="true">{pending ? t('create.progress.saving') : t('create.progress.uploading', { done: checkedCount, total: frames.drafts.length })}</span>
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton pending={pending} disabled={pending || frames.busy} size="lg">
              {submitLabel}
            </SubmitButton>
            {actions}
          </div>
        </div>
      </div>
    </form>
  );
}
