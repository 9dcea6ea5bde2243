import { useCallback, useEffect, useRef, useState } from 'react';
import type { CampaignFrame } from '../../../contract/campaign.ts';
import type { LoadedFrame, Pipeline } from '../../pipeline/index.ts';
import { isApiError } from '../../api/index.ts';
import { isPipelineError } from '../../pipeline/index.ts';
import type { CampaignType } from '../../../contract/campaign.ts';
import { uploadFrame } from '../../api/campaignWrites.ts';
import { draftFromFile, draftFromFrame, frameRefusal, moveItem, storedHoles, type FrameAnalysisState, type FrameDraft } from './frameDrafts.ts';

export interface FrameDraftsOptions {
  type: CampaignType;
  /** Null until the browser's pipeline is up (or when it cannot run). */
  pipeline: Pipeline | null;
  pipelineSupported: boolean;
  /** Uploads wait for an account; picked frames are kept meanwhile. */
  signedIn: boolean;
  initialFrames?: readonly CampaignFrame[];
  /** Files picked earlier (kept in memory while the page was closed), added after the initial frames. */
  initialFiles?: readonly File[];
}

export interface FrameDraftsApi {
  drafts: FrameDraft[];
  /** Returns the new drafts' local ids. `loaded` is the first file's analysis when the pipeline already made it (a designed frame). */
  add: (files: readonly File[], loaded?: LoadedFrame) => string[];
  /** Returns the new draft's local id. */
  replace: (localId: string, file: File, loaded?: LoadedFrame) => string;
  remove: (localId: string) => void;
  move: (from: number, to: number) => void;
  /** Uploads are running. */
  busy: boolean;
}

const firstAnalysis = (supported: boolean): FrameAnalysisState => (supported ? { status: 'pending' } : { status: 'unsupported' });

/** The creator's frame list: each new frame is analysed in the worker at once and uploaded for the server's check. */
export function useFrameDrafts({ type, pipeline, pipelineSupported, signedIn, initialFrames = [], initialFiles = [] }: FrameDraftsOptions): FrameDraftsApi {
  const [drafts, setDrafts] = useState<FrameDraft[]>(() => [
    ...[...initialFrames].sort((a, b) => a.position - b.position).map((frame, index) => draftFromFrame(frame, index, firstAnalysis(pipelineSupported))),
    ...initialFiles.map((file) => draftFromFile(file, URL.createObjectURL(file), firstAnalysis(pipelineSupported))),
  ]);
  const objectUrls = useRef(new Set<string>());
  // The URLs made for the files picked earlier are revoked like those of files picked now.
  const firstDrafts = useRef(drafts);
  useEffect(() => {
    for (const draft of firstDrafts.current) if (draft.file) objectUrls.current.add(draft.url);
  }, []);
  const started = useRef({ upload: new Set<string>() });
  // Per pipeline: a pipeline replaced by a remount analyses the frames again, and the old one's answers are dropped.
  const analysed = useRef(new WeakMap<Pipeline, Set<string>>());
  const currentPipeline = useRef(pipeline);
  useEffect(() => {
    currentPipeline.current = pipeline;
  }, [pipeline]);
  const uploads = useRef(new AbortController());

  const update = useCallback((localId: string, change: (draft: FrameDraft) => FrameDraft) => {
    setDrafts((list) => list.map((draft) => (draft.localId === localId ? change(draft) : draft)));
  }, []);

  const fromFile = useCallback(
    (file: File, loaded?: LoadedFrame) => {
      const url = URL.createObjectURL(file);
      objectUrls.current.add(url);
      return draftFromFile(file, url, loaded ? { status: 'ready', loaded } : firstAnalysis(pipelineSupported));
    },
    [pipelineSupported],
  );

  const release = useCallback((draft: FrameDraft | undefined) => {
    if (draft && objectUrls.current.delete(draft.url)) URL.revokeObjectURL(draft.url);
  }, []);

  // Analysis: in the worker, as soon as the frame is picked.
  useEffect(() => {
    if (!pipeline) return;
    const done = analysed.current.get(pipeline) ?? new Set<string>();
    analysed.current.set(pipeline, done);
    for (const draft of drafts) {
      if (draft.analysis.status !== 'pending' || done.has(draft.localId)) continue;
      done.add(draft.localId);
      const settle = (analysis: FrameAnalysisState) => {
        if (currentPipeline.current === pipeline) update(draft.localId, (current) => ({ ...current, analysis }));
      };
      // A frame the server already analysed (kept, or checked before the pipeline was up) is loaded with its holes.
      const holes = storedHoles(draft);
      pipeline.analyzeFrame(draft.file ?? draft.url, { kind: type, ...(holes ? { holes } : {}) }).then(
        (loaded) => settle({ status: 'ready', loaded }),
        (error: unknown) => settle({ status: 'failed', code: isPipelineError(error) ? error.code : 'FRAME_INVALID' }),
      );
    }
  }, [drafts, pipeline, type, update]);

  // Leaving the page stops the uploads still running (a remount, as in StrictMode, starts them again).
  useEffect(() => {
    const controller = new AbortController();
    uploads.current = controller;
    return () => controller.abort();
  }, []);

  // Upload and server check, once signed in. The refusal reason uses the analysis when it is known by then.
  useEffect(() => {
    if (!signedIn) return;
    for (const draft of drafts) {
      const { file, localId } = draft;
      if (draft.upload.status !== 'waiting' || !file || started.current.upload.has(localId)) continue;
      started.current.upload.add(localId);
      update(localId, (current) => ({ ...current, upload: { status: 'uploading' } }));
      const { signal } = uploads.current;
      uploadFrame(file, type, signal).then(
        (checked) => update(localId, (current) => ({ ...current, upload: { status: 'checked', checked } })),
        (error: unknown) => {
          if (signal.aborted) {
            started.current.upload.delete(localId);
            update(localId, (current) => ({ ...current, upload: { status: 'waiting' } }));
            return;
          }
          if (!isApiError(error)) console.error('Frame upload failed', error);
          update(localId, (current) => ({ ...current, upload: { status: 'refused', refusal: frameRefusal(error, type, current.analysis) } }));
        },
      );
    }
  }, [drafts, signedIn, type, update]);

  // The URLs go a moment after the page closes: a remount at once (StrictMode) still shows the frames it made in its first render.
  const pendingRevoke = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const urls = objectUrls.current;
    clearTimeout(pendingRevoke.current);
    return () => {
      pendingRevoke.current = setTimeout(() => {
        for (const url of urls) URL.revokeObjectURL(url);
        urls.clear();
      });
    };
  }, []);

  const add = useCallback((files: readonly File[], loaded?: LoadedFrame) => {
    const fresh = files.map((file, index) => fromFile(file, index === 0 ? loaded : undefined));
    setDrafts((list) => [...list, ...fresh]);
    return fresh.map((draft) => draft.localId);
  }, [fromFile]);
  const replace = useCallback(
    (localId: string, file: File, loaded?: LoadedFrame) => {
      release(drafts.find((draft) => draft.localId === localId));
      const fresh = fromFile(file, loaded);
      setDrafts((list) => list.map((draft) => (draft.localId === localId ? fresh : draft)));
      return fresh.localId;
    },
    [drafts, fromFile, release],
  );
  const remove = useCallback(
    (localId: string) => {
      release(drafts.find((draft) => draft.localId === localId));
      setDrafts((list) => list.filter((draft) => draft.localId !== localId));
    },
    [drafts, release],
  );
  const move = useCallback((from: number, to: number) => setDrafts((list) => moveItem(list, from, to)), []);

  return { drafts, add, replace, remove, move, busy: drafts.some((draft) => draft.upload.status === 'uploading') };
}
