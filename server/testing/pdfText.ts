import { inflateSync } from 'node:zlib';

/** The few WinAnsi codes above Latin-1 an invoice uses; the rest of the standard fonts' encoding is Latin-1. */
const winAnsi: Record<number, string> = { 0x96: '–', 0x97: '—', 0x85: '…', 0xa0: ' ' };

/** Each content stream of a PDF, inflated when it is /FlateDecode. */
function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    if (!match[1]!.includes('/FlateDecode')) streams.push(body.toString('latin1'));
    else {
      try {
        streams.push(inflateSync(body).toString('latin1'));
      } catch {
        // Not a content stream we can read (a font program): skipped.
      }
    }
  }
  return streams;
}

/**
 * The text a pdfkit PDF draws with a standard font (compressed or not): each text run is a `[<hex> kern <hex>…] TJ`
 * array of WinAnsi codes. One line per run.
 */
export function pdfText(pdf: Buffer): string {
  return contentStreams(pdf)
    .flatMap((stream) => stream.match(/\[(?:<[0-9a-f]*>|\s|-?\d+(?:\.\d+)?)*\]\s*TJ/g) ?? [])
    .map((run) =>
      [...run.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => [...Buffer.from(hex!, 'hex')].map((code) => winAnsi[code] ?? String.fromCharCode(code)).join(''))
        .join(''),
    )
    .join('\n');
}
