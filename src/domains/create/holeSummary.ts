import type { TFunction } from 'i18next';
import type { CampaignType } from '../../../contract/campaign.ts';
import type { Rect } from '../../../core/geometry.ts';
import type { HoleRegion } from '../../pipeline/index.ts';
import { photoAreas, type FrameDraft, type PhotoAreas } from './frameDrafts.ts';

/** Up to this many photo areas are named one by one; more are summed up. */
export const MAX_NAMED_AREAS = 4;

const POSITIONS = [
  ['topLeft', 'top', 'topRight'],
  ['left', 'centre', 'right'],
  ['bottomLeft', 'bottom', 'bottomRight'],
] as const;

/** 0, 1 or 2: the third of the frame a share of its side falls in. */
const third = (share: number) => (share < 1 / 3 ? 0 : share > 2 / 3 ? 2 : 1);

/** Where in the frame a hole sits, by the third its centre falls in along each side ("top left", "centre"…). */
function position(hole: Rect, width: number, height: number): string {
  return POSITIONS[third((hole.y + hole.height / 2) / height)][third((hole.x + hole.width / 2) / width)];
}

/** An ellipse within 10 % of a circle is round, else oval. */
function shapeName({ shape, hole }: HoleRegion): string {
  if (shape === 'rectangle') return 'rectangle';
  if (shape === 'other') return 'irregular';
  const ratio = hole.width / hole.height;
  return ratio >= 0.9 && ratio <= 1 / 0.9 ? 'round' : 'oval';
}

const size = (rect: Rect) => ({ width: Math.round(rect.width), height: Math.round(rect.height) });

/**
 * What the analysis found, in short sentences for the creator (issue 12 §4): the photo areas with their shape,
 * place and size, then, per area, a fading edge (the box a supporter's photo covers, rim included) and an
 * irregular outline (faces go in the largest rectangle inside it). Without the browser's regions (a frame only
 * the server checked) it falls back to the hole count; a background design without holes takes the photo over
 * the whole of it.
 */
export function holeSummary(areas: PhotoAreas | null, type: CampaignType, t: TFunction): string[] {
  if (!areas) return [];
  const { width, height, holes, regions } = areas;
  if (type === 'background' && holes.length === 0) return [t('create.frames.wholeDesign')];
  if (!regions || regions.length === 0 || regions.length !== holes.length) return [t('create.frames.holes', { count: holes.length, context: type })];
  if (regions.length > MAX_NAMED_AREAS) return summedUp(regions, type, t);
  const where = (region: HoleRegion) => t(`create.frames.summary.position.${position(region.hole, width, height)}`);
  const list = regions.map((region) => t('create.frames.summary.area', { shape: t(`create.frames.summary.shape.${shapeName(region)}`), position: where(region), ...size(region.hole) }));
  const sentences = [t('create.frames.summary.areas', { count: regions.length, list, context: type })];
  const one = regions.length === 1;
  for (const region of regions) {
    const at = { position: where(region), context: type };
    if (region.softEdge) sentences.push(t(one ? 'create.frames.summary.softEdge' : 'create.frames.summary.softEdgeAt', { ...at, ...size(region.cover) }));
    if (region.shape === 'other') sentences.push(t(one ? 'create.frames.summary.irregular' : 'create.frames.summary.irregularAt', { ...at, ...size(region.body) }));
  }
  return sentences;
}

/** Many areas: their count and size range, and how many fade out or are irregular. */
function summedUp(regions: readonly HoleRegion[], type: CampaignType, t: TFunction): string[] {
  const byArea = [...regions].sort((a, b) => a.hole.width * a.hole.height - b.hole.width * b.hole.height);
  const small = size(byArea[0]!.hole);
  const large = size(byArea.at(-1)!.hole);
  const sentences = [
    t('create.frames.summary.many', { count: regions.length, context: type, smallWidth: small.width, smallHeight: small.height, largeWidth: large.width, largeHeight: large.height }),
  ];
  const soft = regions.filter((region) => region.softEdge).length;
  const irregular = regions.filter((region) => region.shape === 'other').length;
  if (soft > 0) sentences.push(t('create.frames.summary.softEdgeCount', { count: soft }));
  if (irregular > 0) sentences.push(t('create.frames.summary.irregularCount', { count: irregular }));
  return sentences;
}

/** The summary a frame card shows: once the browser analysed the frame, or, where it cannot, from the server's holes. */
export function draftHoleSummary(draft: FrameDraft, type: CampaignType, t: TFunction): string[] {
  const { status } = draft.analysis;
  return status === 'ready' || status === 'unsupported' ? holeSummary(photoAreas(draft, type), type, t) : [];
}
