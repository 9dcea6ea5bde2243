import { useMemo, useState } from 'react';
import type { HoleFill } from '../../pipeline/index.ts';

export type HoleFillKind = HoleFill['kind'];

/** The 'color' fill's first colour. */
export const DEFAULT_FILL_COLOR = '#ffffff';

/** The supporter's choice of what fills a hole where the photo does not reach: a blurred copy of the photo until they pick another. */
export function useHoleFill() {
  const [kind, setKind] = useState<HoleFillKind>('blur');
  const [color, setColor] = useState(DEFAULT_FILL_COLOR);
  const fill = useMemo<HoleFill>(() => (kind === 'color' ? { kind, color } : { kind }), [kind, color]);
  const choose = (nextKind: HoleFillKind, nextColor: string) => {
    setKind(nextKind);
    setColor(nextColor);
  };
  return { fill, kind, color, choose };
}
