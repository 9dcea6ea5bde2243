import Konva from 'konva';
import { isShapeElement, type DesignDocument } from '../../../contract/design.ts';
import { shapePath } from '../../../core/design/designRender.ts';
import { findElement } from '../../../core/design/tree.ts';
import type { Rect } from '../../../core/geometry.ts';
import { HOLE_NODE } from './ElementNode.tsx';
import type { Guide } from './snapping.ts';

export const GUIDE_COLOR = '#ec4899';
export const SELECT_COLOR = '#3b82f6';

/** Overlay state drawn by the overlay shape (not React state: it changes on every pointer move). */
export interface CanvasOverlay {
  guides: Guide[];
  /** In document px. */
  marquee: Rect | null;
}

/**
 * The canvas overlay, in document px: the page edge, hole outlines (visible under whatever covers
 * them), snapping guides and the marquee.
 */
export function drawCanvasOverlay(ctx: CanvasRenderingContext2D, stage: Konva.Stage, layer: Konva.Layer, design: DesignDocument, overlay: CanvasOverlay, pixelRatio: number): void {
  const scale = stage.scaleX();
  // Page edge.
  ctx.lineWidth = 1 / scale;
  ctx.strokeStyle = 'rgba(15, 23, 42, 0.25)';
  ctx.strokeRect(0, 0, design.width, design.height);
  // Holes stay visible under whatever covers them: a light and a dashed dark outline.
  const base = ctx.getTransform();
  for (const node of layer.find(`.${HOLE_NODE}`)) {
    if (!node.isVisible() || !(node instanceof Konva.Shape)) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = node.getAbsoluteTransform(stage).getMatrix();
    ctx.transform(a, b, c, d, e, f);
    const w = node.width();
    const h = node.height();
    const element = findElement(design, node.id())?.element;
    // Shapes get their exact outline; text, images and lines their box.
    if (element && isShapeElement(element)) shapePath(ctx, { ...element, width: w, height: h });
    else {
      ctx.beginPath();
      ctx.rect(0, 0, w, h);
    }
    // Strokes in device px, whatever the zoom.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.setLineDash([]);
    ctx.lineWidth = 3 * pixelRatio;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.8)';
    ctx.stroke();
    ctx.setLineDash([6 * pixelRatio, 4 * pixelRatio]);
    ctx.lineWidth = 1.5 * pixelRatio;
    ctx.strokeStyle = '#be185d';
    ctx.stroke();
    ctx.setTransform(base);
  }
  ctx.setLineDash([]);
  ctx.lineWidth = 1 / scale;
  ctx.strokeStyle = GUIDE_COLOR;
  for (const guide of overlay.guides) {
    ctx.beginPath();
    if (guide.orientation === 'vertical') {
      ctx.moveTo(guide.position, guide.start);
      ctx.lineTo(guide.position, guide.end);
    } else {
      ctx.moveTo(guide.start, guide.position);
      ctx.lineTo(guide.end, guide.position);
    }
    ctx.stroke();
  }
  const marquee = overlay.marquee;
  if (marquee) {
    ctx.fillStyle = 'rgba(59, 130, 246, 0.12)';
    ctx.fillRect(marquee.x, marquee.y, marquee.width, marquee.height);
    ctx.strokeStyle = SELECT_COLOR;
    ctx.strokeRect(marquee.x, marquee.y, marquee.width, marquee.height);
  }
}
