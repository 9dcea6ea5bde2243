import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED, coveredFiles, isAllowed, physicalDirections, scanRepository } from './checkLogicalDirection.ts';

const root = resolve(import.meta.dirname, '..');
const tokens = (text: string) => physicalDirections('src/x.tsx', text).map((finding) => finding.token);

describe('checkLogicalDirection', () => {
  it('passes on the repository as it stands, and every allowed entry is still in use', () => {
    expect(coveredFiles(root).length).toBeGreaterThan(200);
    const findings = scanRepository(root);
    expect(findings.filter((finding) => !isAllowed(finding))).toEqual([]);
    for (const entry of ALLOWED) {
      expect(entry.reason.length, entry.token).toBeGreaterThan(20);
      expect(findings.some((finding) => finding.file === entry.file && finding.token === entry.token), `${entry.file}: ${entry.token} is no longer there`).toBe(true);
    }
  });

  it('finds physical margins, paddings, insets, alignment, borders, corners and translations, with their variants', () => {
    const line = `<div className="ml-2 pr-3 sm:left-1/2 -right-4 text-left md:text-right border-l-4 border-r rounded-tr-lg rounded-l file:mr-3 hover:!pl-[3px] translate-x-5 scroll-ml-2 float-right" />`;
    expect(tokens(line)).toEqual([
      'ml-2', 'pr-3', 'sm:left-1/2', '-right-4', 'text-left', 'md:text-right', 'border-l-4', 'border-r', 'rounded-tr-lg', 'rounded-l', 'file:mr-3', 'hover:!pl-[3px]', 'translate-x-5', 'scroll-ml-2', 'float-right',
    ]);
  });

  it('leaves logical and vertical classes, words that only look alike, and comments alone', () => {
    const line = `<p className="ms-2 me-auto ps-9 pe-3 inset-s-3 end-0 text-start text-end border-s-4 rounded-s-md rounded-t-2xl inset-x-0 space-x-2 pt-1 mt-2 bottom-0 overflow-x-auto" data-align="left" />`;
    expect(tokens(line)).toEqual([]);
    expect(tokens('  // the canvas opens a menu on right-click; ml-2 here is prose\n * text-right in a doc comment')).toEqual([]);
    expect(tokens(`const align = 'left';\nconst margin = 'marginLeft';`)).toEqual([]);
  });

  it('accepts a physical class whose property gets an rtl: value on the same line, and nothing else', () => {
    expect(tokens(`cn('inset-s-0.5', checked && 'translate-x-5 rtl:-translate-x-5')`)).toEqual([]);
    expect(tokens(`cn('translate-x-5 rtl:ms-2')`)).toEqual(['translate-x-5']);
  });

  it('finds a lucide arrow or chevron drawn bare, not one passed to DirectionalIcon', () => {
    expect(tokens('<ArrowLeft className="size-4" aria-hidden="true" />\n<ChevronRight />\n<ChevronsLeft/>')).toEqual(['ArrowLeft', 'ChevronRight', 'ChevronsLeft']);
    expect(tokens('<DirectionalIcon icon={ArrowLeft} className="size-4" />\n<ChevronDown />\n<RotateCcw />')).toEqual([]);
  });

  it('allows only the listed file and token', () => {
    const [entry] = ALLOWED;
    if (!entry) throw new Error('no allowed entries');
    expect(isAllowed({ file: entry.file, line: 1, token: entry.token })).toBe(true);
    expect(isAllowed({ file: 'src/other.tsx', line: 1, token: entry.token })).toBe(false);
    expect(isAllowed({ file: entry.file, line: 1, token: 'ml-2' })).toBe(false);
  });
});
