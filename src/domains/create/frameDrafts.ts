import { CAMPAIGN_LIMITS, type CheckedFrame, type FrameRef } from '../../../contract/campaignWrite.ts';
import type { CampaignFrame } from '../../../contract/campaign.ts';
import type { Rect } from '../../../core/geometry.ts';
import { isApiError, type ApiErrorCode } from '../../api/index.ts';
import type { HoleRegion, LoadedFrame, PipelineErrorCode } from '../../pipeline/index.ts';
import type { CampaignType } from '../../../contract/campaign.ts';

/**
 * Why a frame cannot be used: an i18n key under `create.refusal` and its values. Only where the key alone says
 * too little comes more: the server's own reason for `invalid`, the failed call's code for `uploadFailed`.
 */
export interface FrameRefusal {
  key: 'notPng' | 'tooBig' | 'wrongSize' | 'notTransparent' | 'invalid' | 'uploadFailed' | 'signIn';
  values?: Record<string, number | string>;
  detail?: string;
  errorCode?: ApiErrorCode;
}

export type FrameAnalysisState =
  | { status: 'pending' }
  /** The browser cannot run the pipeline; the server's check still finds the holes. */
  | { status: 'unsupported' }
  | { status: 'ready'; loaded: LoadedFrame }
  | { status: 'failed'; code: PipelineErrorCode };

export type FrameUploadState =
  /** Waits for a signed-in account. */
  | { status: 'waiting' }
  | { status: 'uploading' }
  | { status: 'checked'; checked: CheckedFrame }
  | { status: 'refused'; refusal: FrameRefusal }
  /** A frame the campaign already has. */
  | { status: 'kept'; id: string };

/** One frame in the creator's list; the File and LoadedFrame stay in component state, never in a store. */
export interface FrameDraft {
  localId: string;
  name: string;
  /** An object URL of the picked file, or the stored frame's URL. */
  url: string;
  file: File | null;
  /** Server-known size and holes (kept frames and checked uploads). */
  known: { width: number; height: number; holes: Rect[] } | null;
  analysis: FrameAnalysisState;
  upload: FrameUploadState;
}

let nextLocalId = 0;
export const newLocalId = () => `frame-draft-${++nextLocalId}`;

export function draftFromFile(file: File, url: string, analysis: FrameAnalysisState): FrameDraft {
  const upload: FrameUploadState = file.size > CAMPAIGN_LIMITS.frameMaxBytes ? { status: 'refused', refusal: tooBig() } : { status: 'waiting' };
  return { localId: newLocalId(), name: file.name, url, file, known: null, analysis, upload };
}

export function draftFromFrame(frame: CampaignFrame, index: number, analysis: FrameAnalysisState): FrameDraft {
  return {
    localId: newLocalId(),
    name: String(index + 1),
    url: frame.url,
    file: null,
    known: { width: frame.width, height: frame.height, holes: frame.holes },
    analysis,
    upload: { status: 'kept', id: frame.id },
  };
}

/** The list with the item at `from` moved to `to` (clamped). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** Holes to outline: the browser's analysis first (instant), else what the server found. */
export function draftHoles(draft: FrameDraft): { width: number; height: number; holes: Rect[] } | null {
  if (draft.analysis.status === 'ready') {
    const { width, height, holes } = draft.analysis.loaded.analysis;
    return { width, height, holes };
  }
  if (draft.upload.status === 'checked') return draft.upload.checked;
  return draft.known;
}

/**
 * Holes the server already found for this frame (a kept frame's, or a checked upload's): the browser loads
 * such a frame with them instead of analysing the same PNG again. Undefined when there are none to reuse.
 */
export function storedHoles(draft: FrameDraft): Rect[] | undefined {
  const holes = draft.upload.status === 'checked' ? draft.upload.checked.holes : draft.known?.holes;
  return holes && holes.length > 0 ? holes : undefined;
}

/** The frames as the API takes them, or null while any is not uploaded and accepted. */
export function frameRefs(drafts: readonly FrameDraft[]): FrameRef[] | null {
  const refs: FrameRef[] = [];
  for (const { upload } of drafts) {
    if (upload.status === 'kept') refs.push({ id: upload.id });
    else if (upload.status === 'checked') refs.push({ key: upload.checked.key });
    else return null;
  }
  return refs;
}

const tooBig = (): FrameRefusal => ({ key: 'tooBig', values: { max: CAMPAIGN_LIMITS.frameMaxBytes / 1024 / 1024 } });

/**
 * Turns the server's refusal into a reason the creator can act on, in the creator's language: the browser's own
 * analysis names the size or transparency problem. The server's words come along only when nothing else explains
 * the refusal (`invalid`), never to repeat what the reason already says.
 */
export function frameRefusal(error: unknown, type: CampaignType, analysis: FrameAnalysisState): FrameRefusal {
  if (!isApiError(error)) return { key: 'uploadFailed' };
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return { key: 'notPng' };
  if (error.code === 'PAYLOAD_TOO_LARGE') return tooBig();
  if (error.code === 'UNAUTHORIZED' || error.code === 'TOKEN_EXPIRED') return { key: 'signIn' };
  if (error.code !== 'FRAME_INVALID') return { key: 'uploadFailed', errorCode: error.code };
  if (analysis.status === 'ready') {
    const { width, height, transparentShare } = analysis.loaded.analysis;
    const { frameMinSide: min, frameMaxSide: max, frameMinTransparentShare } = CAMPAIGN_LIMITS;
    if (width < min || height < min || width > max || height > max) return { key: 'wrongSize', values: { width, height, min, max } };
    if (type === 'frame' && transparentShare < frameMinTransparentShare) return { key: 'notTransparent', values: { percent: frameMinTransparentShare * 100 } };
  }
  if (analysis.status === 'failed' && analysis.code === 'FRAME_NOT_TRANSPARENT' && type === 'frame') {
    return { key: 'notTransparent', values: { percent: CAMPAIGN_LIMITS.frameMinTransparentShare * 100 } };
  }
  return { key: 'invalid', detail: error.message };
}

/**
 * A picked design refused as a frame because the photo cannot show through it (opaque, or too little of it
 * transparent): it can still be a background campaign's design, where the photo goes over it.
 */
export function isOpaqueDesign(draft: FrameDraft): boolean {
  if (!draft.file) return false;
  if (draft.analysis.status === 'failed' && draft.analysis.code === 'FRAME_NOT_TRANSPARENT') return true;
  return draft.upload.status === 'refused' && draft.upload.refusal.key === 'notTransparent';
}

/** A frame's photo areas: its holes, and the browser's regions of them (same order) when it analysed the frame itself. */
export interface PhotoAreas {
  width: number;
  height: number;
  holes: Rect[];
  /** Null for a frame only the server checked, or when the regions do not match the holes one to one. */
  regions: HoleRegion[] | null;
}

/**
 * The photo areas to outline, count and describe. A background design without holes has its whole canvas as the
 * photo area (the browser's analysis says so with one hole over everything): there is nothing to outline.
 */
export function photoAreas(draft: FrameDraft, type: CampaignType): PhotoAreas | null {
  const size = draftHoles(draft);
  if (!size) return null;
  const { width, height } = size;
  const found = draft.analysis.status === 'ready' ? draft.analysis.loaded.regions : [];
  const regions = found.length > 0 && found.length === size.holes.length ? found : null;
  const whole = (hole: Rect) => type === 'background' && hole.x <= 0 && hole.y <= 0 && hole.width >= width && hole.height >= height;
  const kept = size.holes.flatMap((hole, index) => (whole(hole) ? [] : [index]));
  return { width, height, holes: kept.map((index) => size.holes[index]!), regions: regions && kept.map((index) => regions[index]!) };
}
