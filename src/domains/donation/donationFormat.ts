import { currencyExponent, majorAmount, type Currency } from '../../../contract/plan.ts';

/** What a person typed in major units ("50000", "1.5", "1,50") as minor units; null when it is not an amount. */
export function minorFromInput(value: string, currency: Currency): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const factor = 10 ** currencyExponent[currency];
  const minor = Math.round(Number(text) * factor);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the major-unit text an input shows ("50000", "1.5"). */
export function inputFromMinor(amount: number, currency: Currency): string {
  return String(majorAmount(amount, currency));
}

/** Text shown as plain text must carry no markup (the server refuses < and > too). */
export const hasMarkup = (value: string) => /[<>]/.test(value);

/** One key per donation attempt: the same key sent again answers the same order. */
export function newIdempotencyKey(): string {
  return `don_${crypto.randomUUID().replaceAll('-', '')}`;
}
