import type { LeafElement } from '../../../contract/design.ts';

/** A leaf's local box size; text height comes from its layout (core/design/designRender.ts elementSize needs a canvas). */
export type MeasureElement = (element: LeafElement) => { width: number; height: number };

/** Box sizes as stored; text gets one line per paragraph at its line height (wrapping needs a canvas). */
export const boxSize: MeasureElement = (element) =>
  element.type === 'text' ? { width: element.width, height: element.text.split('\n').length * element.fontSize * element.lineHeight } : { width: element.width, height: element.height };
