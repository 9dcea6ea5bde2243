import type Konva from 'konva';
import { memo } from 'react';
import { Group, Shape } from 'react-konva';
import type { DesignElement } from '../../../contract/design.ts';
import { drawElementBody, elementSize, type DesignImages } from '../../../core/design/designRender.ts';

/** Konva node name of every element node; nodes carry the element id as their Konva id. */
export const ELEMENT_NODE = 'design-element';
/** Extra name of hole leaves (the overlay outlines them). */
export const HOLE_NODE = 'design-hole';

let measuring: CanvasRenderingContext2D | null = null;
/** A scratch context for text measurement (layout depends on the loaded fonts). */
export function measureContext(): CanvasRenderingContext2D {
  measuring ??= document.createElement('canvas').getContext('2d')!;
  return measuring;
}

export interface ElementNodeProps {
  element: DesignElement;
  images: DesignImages;
  /** Inside a group that is a hole: the leaves cut too. */
  inHole?: boolean;
  /** Bumped when fonts finish loading, so text is measured and drawn again. */
  fontsVersion: number;
}

/**
 * One Konva node per element: a Group for groups, else a Shape drawing the element's body with
 * the export renderer's code. Memoised by element identity: the store never mutates, so only changed
 * elements re-render. Hidden elements draw nothing; locked ones ignore the pointer.
 */
export const ElementNode = memo(function ElementNode({ element, images, inHole = false, fontsVersion }: ElementNodeProps) {
  if (element.hidden) return null;
  const common = {
    id: element.id,
    x: element.x,
    y: element.y,
    rotation: element.rotation,
    opacity: element.opacity,
    listening: !element.locked,
  };
  if (element.type === 'group') {
    return (
      <Group {...common} name={ELEMENT_NODE}>
        {element.children.map((child) => (
          <ElementNode key={child.id} element={child} images={images} inHole={inHole || element.hole} fontsVersion={fontsVersion} />
        ))}
      </Group>
    );
  }
  const hole = inHole || element.hole;
  const size = elementSize(measureContext(), element);
  return (
    <Shape
      {...common}
      name={hole ? `${ELEMENT_NODE} ${HOLE_NODE}` : ELEMENT_NODE}
      width={size.width}
      height={size.height}
      // Holes erase the design layer (opaque black paint, destination-out) so the underlay shows through.
      globalCompositeOperation={hole ? 'destination-out' : 'source-over'}
      sceneFunc={(context: Konva.Context) => drawElementBody(context._context, element, images, { cut: hole })}
      hitFunc={(context: Konva.Context, shape: Konva.Shape) => {
        context.beginPath();
        context.rect(0, 0, shape.width(), shape.height());
        context.closePath();
        context.fillShape(shape);
      }}
      perfectDrawEnabled={false}
    />
  );
});
