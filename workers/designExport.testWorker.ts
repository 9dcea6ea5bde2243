/** Test-only module worker: design fonts and the design export inside a worker (designExport.browser.test.ts). */
import type { DesignFontId } from '../contract/design.ts';
import type { DesignWorkerRequest } from '../core/testing/designShapes.ts';
import { exportDesign } from './designExport.ts';
import { DESIGN_FONTS, loadDesignFonts } from '../core/design/designFonts.ts';

const fonts = (self as unknown as { fonts: FontFaceSet }).fonts;

self.onmessage = async (event: MessageEvent<DesignWorkerRequest>) => {
  try {
    const request = event.data;
    if (request.op === 'fonts') {
      await loadDesignFonts(fonts);
      const context = new OffscreenCanvas(10, 10).getContext('2d')!;
      const width = (font: string) => {
        context.font = font;
        return context.measureText(request.sample).width;
      };
      const widths: Record<string, { font: number; fallback: number; checked: boolean }> = {};
      for (const [id, font] of Object.entries(DESIGN_FONTS) as [DesignFontId, (typeof DESIGN_FONTS)[DesignFontId]][]) {
        widths[id] = { font: width(`400 40px "${font.family}", sans-serif`), fallback: width('400 40px sans-serif'), checked: fonts.check(`400 40px "${font.family}"`) };
      }
      self.postMessage({ widths });
      return;
    }
    const { canvas, png, analysis } = await exportDesign(request.document);
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    self.postMessage({ pixels, png, analysis });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
};
