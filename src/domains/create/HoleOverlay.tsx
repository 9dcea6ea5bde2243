import type { Rect } from '../../../core/geometry.ts';
import type { PhotoAreas } from './frameDrafts.ts';

/** A box's SVG rect attributes (holes carry more fields than a rect takes). */
const svgBox = ({ x, y, width, height }: Rect) => ({ x, y, width, height });

/**
 * The frame image with the detected holes outlined, drawn in the frame's own pixel space. A hole whose edges fade
 * out also gets its cover box, the area a supporter's photo covers, in a lighter dashed line (the card's words name
 * that size).
 */
export function HoleOverlay({ url, alt, size }: { url: string; alt: string; size: PhotoAreas | null }) {
  const ratio = size ? `${size.width} / ${size.height}` : '1 / 1';
  const line = size ? Math.max(2, size.width / 200) : 2;
  const dash = size ? `${Math.max(6, size.width / 60)} ${Math.max(4, size.width / 90)}` : '6 4';
  return (
    <div className="relative w-full overflow-hidden rounded-md bg-[conic-gradient(#e5e7eb_25%,#fff_0_50%,#e5e7eb_0_75%,#fff_0)] bg-[length:16px_16px]" style={{ aspectRatio: ratio }}>
      <img src={url} alt={alt} className="absolute inset-0 size-full object-contain" draggable={false} />
      {size && size.holes.length > 0 && (
        <svg viewBox={`0 0 ${size.width} ${size.height}`} preserveAspectRatio="xMidYMid meet" className="pointer-events-none absolute inset-0 size-full" aria-hidden="true" data-testid="hole-overlay">
          {size.holes.map((hole, index) => (
            <rect
              key={`${hole.x}-${hole.y}-${index}`}
              data-hole={index}
              {...svgBox(hole)}
              fill="rgb(59 130 246 / 0.15)"
              stroke="rgb(37 99 235)"
              strokeWidth={line}
              strokeDasharray={dash}
            />
          ))}
          {size.regions?.map(({ cover, softEdge }, index) =>
            softEdge ? (
              <rect
                key={`cover-${cover.x}-${cover.y}-${index}`}
                data-cover={index}
                {...svgBox(cover)}
                fill="none"
                stroke="rgb(37 99 235 / 0.6)"
                strokeWidth={line / 2}
                strokeDasharray={dash}
              />
            ) : null,
          )}
        </svg>
      )}
    </div>
  );
}
