import type Konva from 'konva';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { DESIGN_LIMITS, type TextElement } from '../../../contract/design.ts';
import { fontFor, layoutText } from '../../../core/design/designRender.ts';
import { SELECT_COLOR } from './drawCanvasOverlay.ts';
import { measureContext } from './ElementNode.tsx';

export interface CanvasTextEditorProps {
  element: TextElement;
  findNode: (id: string) => Konva.Node | undefined;
  /** Changes with the zoom and pan, so the editor follows the node. */
  view: string;
  label: string;
  /** The new text, or null when cancelled. */
  onDone: (text: string | null) => void;
}

/** A textarea laid exactly over the text node (same transform, font and wrapping); the node hides meanwhile. */
export function CanvasTextEditor({ element, findNode, view, label, onDone }: CanvasTextEditorProps) {
  const [draft, setDraft] = useState(element.text);
  const area = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  const finish = (text: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(text);
  };

  useLayoutEffect(() => {
    const node = findNode(element.id);
    if (!node) return;
    node.hide();
    node.getLayer()?.batchDraw();
    area.current?.focus();
    area.current?.select();
    return () => {
      node.show();
      node.getLayer()?.batchDraw();
    };
  }, [findNode, element.id]);

  // The node's full transform (zoom and pan included) places the textarea; it follows the view.
  useLayoutEffect(() => {
    const matrix = findNode(element.id)?.getAbsoluteTransform().getMatrix();
    if (area.current && matrix) area.current.style.transform = `matrix(${matrix.join(',')})`;
  }, [findNode, element, view]);

  const layout = layoutText(measureContext(), { ...element, text: draft || ' ' });
  const style: CSSProperties = {
    position: 'absolute',
    left: 0,
    top: 0,
    transformOrigin: '0 0',
    width: element.width,
    height: Math.max(layout.height, layout.lineHeightPx),
    font: fontFor(element),
    lineHeight: `${layout.lineHeightPx}px`,
    letterSpacing: `${element.letterSpacing}px`,
    textAlign: element.align,
    textDecoration: element.underline ? 'underline' : 'none',
    color: element.fill.kind === 'solid' ? element.fill.color : (element.fill.stops[0]?.color ?? '#000000'),
    opacity: element.opacity,
    padding: 0,
    margin: 0,
    border: 0,
    outline: `1px dashed ${SELECT_COLOR}`,
    background: 'transparent',
    resize: 'none',
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
  };
  return (
    <textarea
      ref={area}
      aria-label={label}
      value={draft}
      maxLength={DESIGN_LIMITS.maxTextLength}
      style={style}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => finish(draft)}
      onKeyDown={(event) => {
        // The designer's shortcuts must not see keys typed here.
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(null);
        } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          finish(draft);
        }
      }}
    />
  );
}
