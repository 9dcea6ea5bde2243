/** Caption templates: `[[label]]` marks a blank the supporter fills in (the label is the hint). */
const BLANK = /\[\[([^[\]]{0,80})\]\]/g;

export interface CaptionBlank {
  /** Index of the blank in the template, from 0. */
  index: number;
  /** The text between the brackets, trimmed; may be empty. */
  label: string;
}

export function captionBlanks(template: string): CaptionBlank[] {
  return [...template.matchAll(BLANK)].map((match, index) => ({ index, label: (match[1] ?? '').trim() }));
}

/** Replaces blank i with values[i]; an empty or missing value leaves the blank's label (without brackets). */
export function fillCaption(template: string, values: readonly string[]): string {
  let index = 0;
  return template.replace(BLANK, (_whole, label: string) => {
    const value = values[index++]?.trim();
    return value ? value : label.trim();
  });
}
