import { useEffect, useMemo, useRef } from 'react';
import { walkElements, type DesignDocument, type DesignFontId } from '../../../contract/design.ts';
import { loadDesignFonts } from '../../../core/design/designFonts.ts';
import { drawDesign, type Context2D } from '../../../core/design/designRender.ts';
import { cn } from '../../lib/cn.ts';

export interface TemplateThumbnailProps {
  document: DesignDocument;
  /** Longest side in CSS px. */
  size: number;
  /** Accessible name; without it the picture is decorative. */
  label?: string;
  className?: string;
}

const CHECKER = 8;
const noImages = { get: () => undefined };

function usedFonts(design: DesignDocument): DesignFontId[] {
  const fonts = new Set<DesignFontId>();
  for (const { element } of walkElements(design.elements)) if (element.type === 'text') fonts.add(element.fontFamily);
  return [...fonts];
}

/** The design scaled into the canvas, then a light checkerboard behind it so the cut holes show. */
export function paintThumbnail(context: Context2D, design: DesignDocument, scale: number): void {
  const { width, height } = context.canvas;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);
  context.setTransform(scale, 0, 0, scale, 0, 0);
  drawDesign(context, design, noImages);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalCompositeOperation = 'destination-over';
  const cell = CHECKER * (globalThis.devicePixelRatio || 1);
  context.fillStyle = '#d4d4d8';
  for (let row = 0; row * cell < height; row++) {
    for (let x = (row % 2) * cell; x < width; x += cell * 2) context.fillRect(x, row * cell, cell, cell);
  }
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.restore();
}

/** A design drawn by the export renderer at thumbnail size, once its fonts have loaded. */
export function TemplateThumbnail({ document: design, size, label, className }: TemplateThumbnailProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
  const cssScale = size / Math.max(design.width, design.height);
  const cssWidth = Math.round(design.width * cssScale);
  const cssHeight = Math.round(design.height * cssScale);
  const fonts = useMemo(() => usedFonts(design), [design]);

  useEffect(() => {
    // jsdom and some old browsers give no 2D context: the card keeps its blank box.
    const context = canvas.current?.getContext('2d') ?? null;
    if (!context) return;
    let current = true;
    const draw = () => {
      if (current) paintThumbnail(context, design, cssScale * ratio);
    };
    const fontSet = globalThis.document?.fonts;
    // A font that fails to load falls back to the browser's; the thumbnail still draws.
    if (fontSet) loadDesignFonts(fontSet, fonts).then(draw, draw);
    else draw();
    return () => {
      current = false;
    };
  }, [design, fonts, cssScale, ratio]);

  return (
    <canvas
      ref={canvas}
      width={Math.round(cssWidth * ratio)}
      height={Math.round(cssHeight * ratio)}
      // object-fit keeps the picture's shape when a small card squeezes the box.
      style={{ width: cssWidth, height: cssHeight, maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      className={cn('rounded-sm shadow-sm', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="template-thumbnail"
    />
  );
}
