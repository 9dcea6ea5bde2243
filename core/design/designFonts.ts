/**
 * The designer's bundled fonts (@fontsource packages, latin subset), registered under their own
 * family names so they never clash with the app's CSS. The same files load on the main thread
 * (document.fonts) and in the image worker (self.fonts), so the export measures text like the editor.
 *
 * Each font lists the faces its package ships (400/700, normal/italic); for a missing weight or
 * style the browser synthesises one from the nearest face, the same way on both threads.
 */
import type { DesignFontId } from '../../contract/design.ts';
import { PipelineError } from '../pipelineTypes.ts';
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import inter400Italic from '@fontsource/inter/files/inter-latin-400-italic.woff2?url';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import inter700Italic from '@fontsource/inter/files/inter-latin-700-italic.woff2?url';
import poppins400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url';
import poppins400Italic from '@fontsource/poppins/files/poppins-latin-400-italic.woff2?url';
import poppins700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url';
import poppins700Italic from '@fontsource/poppins/files/poppins-latin-700-italic.woff2?url';
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserrat400Italic from '@fontsource/montserrat/files/montserrat-latin-400-italic.woff2?url';
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import montserrat700Italic from '@fontsource/montserrat/files/montserrat-latin-700-italic.woff2?url';
import playfairDisplay400 from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url';
import playfairDisplay400Italic from '@fontsource/playfair-display/files/playfair-display-latin-400-italic.woff2?url';
import playfairDisplay700 from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';
import playfairDisplay700Italic from '@fontsource/playfair-display/files/playfair-display-latin-700-italic.woff2?url';
import bebasNeue400 from '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff2?url';
import pacifico400 from '@fontsource/pacifico/files/pacifico-latin-400-normal.woff2?url';
import oswald400 from '@fontsource/oswald/files/oswald-latin-400-normal.woff2?url';
import oswald700 from '@fontsource/oswald/files/oswald-latin-700-normal.woff2?url';
import lobster400 from '@fontsource/lobster/files/lobster-latin-400-normal.woff2?url';
import robotoSlab400 from '@fontsource/roboto-slab/files/roboto-slab-latin-400-normal.woff2?url';
import robotoSlab700 from '@fontsource/roboto-slab/files/roboto-slab-latin-700-normal.woff2?url';

export interface DesignFontFace {
  weight: 400 | 700;
  style: 'normal' | 'italic';
  url: string;
}

export interface DesignFont {
  /** CSS family name it is registered under, e.g. 'Bingkai Poppins'. */
  family: string;
  /** Display name in the font picker. */
  label: string;
  faces: readonly DesignFontFace[];
}

export const DESIGN_FONTS: Readonly<Record<DesignFontId, DesignFont>> = {
  inter: { family: 'Bingkai Inter', label: 'Inter', faces: [{ weight: 400, style: 'normal', url: inter400 }, { weight: 400, style: 'italic', url: inter400Italic }, { weight: 700, style: 'normal', url: inter700 }, { weight: 700, style: 'italic', url: inter700Italic }] },
  poppins: { family: 'Bingkai Poppins', label: 'Poppins', faces: [{ weight: 400, style: 'normal', url: poppins400 }, { weight: 400, style: 'italic', url: poppins400Italic }, { weight: 700, style: 'normal', url: poppins700 }, { weight: 700, style: 'italic', url: poppins700Italic }] },
  montserrat: { family: 'Bingkai Montserrat', label: 'Montserrat', faces: [{ weight: 400, style: 'normal', url: montserrat400 }, { weight: 400, style: 'italic', url: montserrat400Italic }, { weight: 700, style: 'normal', url: montserrat700 }, { weight: 700, style: 'italic', url: montserrat700Italic }] },
  'playfair-display': { family: 'Bingkai Playfair Display', label: 'Playfair Display', faces: [{ weight: 400, style: 'normal', url: playfairDisplay400 }, { weight: 400, style: 'italic', url: playfairDisplay400Italic }, { weight: 700, style: 'normal', url: playfairDisplay700 }, { weight: 700, style: 'italic', url: playfairDisplay700Italic }] },
  'bebas-neue': { family: 'Bingkai Bebas Neue', label: 'Bebas Neue', faces: [{ weight: 400, style: 'normal', url: bebasNeue400 }] },
  pacifico: { family: 'Bingkai Pacifico', label: 'Pacifico', faces: [{ weight: 400, style: 'normal', url: pacifico400 }] },
  oswald: { family: 'Bingkai Oswald', label: 'Oswald', faces: [{ weight: 400, style: 'normal', url: oswald400 }, { weight: 700, style: 'normal', url: oswald700 }] },
  lobster: { family: 'Bingkai Lobster', label: 'Lobster', faces: [{ weight: 400, style: 'normal', url: lobster400 }] },
  'roboto-slab': { family: 'Bingkai Roboto Slab', label: 'Roboto Slab', faces: [{ weight: 400, style: 'normal', url: robotoSlab400 }, { weight: 700, style: 'normal', url: robotoSlab700 }] },
};

/** Per font set, one load per font: later calls share it (a failed load is forgotten, so it can be retried). */
const loads = new WeakMap<FontFaceSet, Map<DesignFontId, Promise<void>>>();

function loadFont(fonts: FontFaceSet, id: DesignFontId): Promise<void> {
  const font = DESIGN_FONTS[id];
  if (!font) return Promise.reject(new PipelineError('RENDER_FAILED', `Unknown design font "${String(id)}".`));
  const faces = font.faces.map(
    (face) => new FontFace(font.family, `url(${JSON.stringify(face.url)}) format('woff2')`, { weight: String(face.weight), style: face.style }),
  );
  for (const face of faces) fonts.add(face);
  return Promise.all(faces.map((face) => face.load())).then(
    () => undefined,
    (error: unknown) => {
      for (const face of faces) fonts.delete(face);
      loads.get(fonts)?.delete(id);
      throw new PipelineError('RENDER_FAILED', `The font "${font.label}" failed to load: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
}

/** Adds and loads the faces of the given fonts (all by default) into a FontFaceSet; idempotent per set. */
export function loadDesignFonts(fonts: FontFaceSet, ids: readonly DesignFontId[] = Object.keys(DESIGN_FONTS) as DesignFontId[]): Promise<void> {
  let perSet = loads.get(fonts);
  if (!perSet) {
    perSet = new Map();
    loads.set(fonts, perSet);
  }
  const pending: Promise<void>[] = [];
  for (const id of new Set(ids)) {
    let load = perSet.get(id);
    if (!load) {
      load = loadFont(fonts, id);
      perSet.set(id, load);
    }
    pending.push(load);
  }
  return Promise.all(pending).then(() => undefined);
}
