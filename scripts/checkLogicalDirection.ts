/**
 * Right-to-left layout (issue 19; docs/I18N.md): the app's markup uses logical directions (ms-/me-, ps-/pe-,
 * inset-s-/inset-e-, text-start/text-end, border-s, rounded-s…), which mirror with <html dir>, and its
 * back/next glyphs go through src/ui/DirectionalIcon.tsx, which flips them. This finds what would not
 * mirror: a physical Tailwind direction (ml-, pr-, left-, text-right, border-l, rounded-tr, translate-x-…)
 * or a bare lucide left/right arrow or chevron, in the .tsx files of src/ (tests aside), its .css files and index.html.
 * What is truly physical stays, listed in ALLOWED with its reason.
 *
 * `npx tsx scripts/checkLogicalDirection.ts` prints each finding as `file:line: token`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Finding {
  file: string;
  line: number;
  token: string;
}

export interface Allowed {
  file: string;
  token: string;
  reason: string;
}

/** Physical on purpose: these do not mirror in a right-to-left page, and should not. */
export const ALLOWED: readonly Allowed[] = [
  ...['data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]', 'data-[swipe=cancel]:translate-x-0', 'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]'].map((token) => ({
    file: 'src/ui/Toast.tsx',
    token,
    reason: 'a swiped toast follows the finger: Radix measures the swipe in screen pixels',
  })),
  ...['sm:left-1/2', 'sm:-translate-x-1/2'].map((token) => ({
    file: 'src/ui/ResponsiveDialog.tsx',
    token,
    reason: 'centres the dialog: half the width from the left is the middle in either direction',
  })),
];

/** A Tailwind class with a physical horizontal direction, variants (sm:, file:, data-[…]:) and `-`/`!` included. */
const PHYSICAL_CLASS =
  /(?<![\w-])((?:[\w-]+(?:\[[^\]\s]*\])?:)*!?-?(?:(?:m|p|scroll-m|scroll-p)[lr]-[\w./[\]()-]+|(?:left|right)-[\w./[\]()-]+|(?:text|float|clear|origin|bg)-(?:left|right)(?![\w-])|border-[lr](?:-[\w./[\]()-]+)?(?![\w-])|rounded-(?:[lr]|[tb][lr])(?:-[\w./[\]()-]+)?(?![\w-])|translate-x-[\w./[\]()-]+))/g;

/** A lucide arrow or chevron drawn as itself (<ArrowLeft …/>) rather than through DirectionalIcon. */
const BARE_ARROW = /<((?:Arrow|ArrowBig|Chevron|Chevrons|Move|CircleArrow|SquareArrow)(?:Left|Right))\b/g;

/** Comment lines talk about directions ("right-click"); only code counts. */
const COMMENT = /^\s*(?:\/\/|\/\*|\*|\{\/\*)/;

/** A class under an rtl: or ltr: variant already says what each direction does. */
const DIRECTION_VARIANT = /(?:^|:)(?:rtl|ltr):/;

/** The property a physical class sets (`sm:-translate-x-5` → `translate-x`), to pair it with its rtl: twin. */
function property(token: string): string {
  const utility = token.slice(token.lastIndexOf(':') + 1).replace(/^[!-]+/, '');
  return /^(?:translate-x|scroll-[mp][lr]|[mp][lr]|left|right|border-[lr]|rounded-[tblr]{1,2}|[a-z]+)/.exec(utility)?.[0] ?? utility;
}

/**
 * Findings in one file's text, before the allow list. A physical class is fine when the same line gives its
 * property an rtl: value too (a switch thumb: `translate-x-5 rtl:-translate-x-5`).
 */
export function physicalDirections(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    if (COMMENT.test(line)) return;
    const classes = [...line.matchAll(PHYSICAL_CLASS)].map((match) => match[1] ?? match[0]);
    const mirrored = new Set(classes.filter((token) => DIRECTION_VARIANT.test(token)).map(property));
    for (const token of classes) {
      if (!DIRECTION_VARIANT.test(token) && !mirrored.has(property(token))) findings.push({ file, line: index + 1, token });
    }
    for (const match of line.matchAll(BARE_ARROW)) findings.push({ file, line: index + 1, token: match[1] ?? match[0] });
  });
  return findings;
}

export function isAllowed(finding: Finding, allowed: readonly Allowed[] = ALLOWED): boolean {
  return allowed.some((entry) => entry.file === finding.file && entry.token === finding.token);
}

/** The files the rule covers, relative to the repository root. */
export function coveredFiles(root: string): string[] {
  const src = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((name) => `src/${name.split('\\').join('/')}`)
    .filter((path) => (path.endsWith('.tsx') && !path.endsWith('.test.tsx')) || path.endsWith('.css'));
  return [...src.sort(), 'index.html'];
}

/** Every physical direction in the covered files, the allowed ones included. */
export function scanRepository(root: string): Finding[] {
  return coveredFiles(root).flatMap((file) => physicalDirections(file, readFileSync(join(root, file), 'utf8')));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '..');
  const bad = scanRepository(root).filter((finding) => !isAllowed(finding));
  for (const finding of bad) console.error(`${finding.file}:${finding.line}: ${finding.token}`);
  process.exitCode = bad.length > 0 ? 1 : 0;
}
