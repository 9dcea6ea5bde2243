import { matchLocale, toBcp47 } from './i18n/locales.ts';

type DateInput = Date | number | string;

/** Translation lookup; react-i18next's `t` fits. */
export type Translate = (key: string) => string;

function intlTag(locale: string): string {
  const tag = toBcp47(locale);
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per locale and options: building one costs far more than using it (a list formats many counts). */
function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const tag = intlTag(locale);
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/**
 * Builds the locale's number formatter before a render needs it. A page's first Intl.NumberFormat loads the
 * engine's number data, 13–22 ms on the bench machine: called in a task of its own while the messages download,
 * that cost stays out of the first page's render.
 */
export function prepareNumberFormat(locale: string): void {
  numberFormat(locale);
}

export const DATE_FORMATS = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  long: { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateFormat = keyof typeof DATE_FORMATS;

const dateLocaleSupport = new Map<string, boolean>();

/** True when the locale is one of ours and the engine has date data for it. */
export function isDateLocaleSupported(locale: string): boolean {
  const code = matchLocale(locale);
  if (code === null) return false;
  let supported = dateLocaleSupport.get(code);
  if (supported === undefined) {
    supported = Intl.DateTimeFormat.supportedLocalesOf([toBcp47(code)]).length > 0;
    dateLocaleSupport.set(code, supported);
  }
  return supported;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per locale and format, for the same reason as numberFormat. */
function dateFormat(code: string, format: DateFormat): Intl.DateTimeFormat {
  const key = `${code} ${format}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(toBcp47(code), DATE_FORMATS[format]);
    dateFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * Short or long date in the locale. Seed §8: an unsupported locale is logged as not supported and
 * the result is false (so is an invalid date).
 */
export function formatDate(date: DateInput, locale: string, format: DateFormat = 'short'): string | false {
  const code = matchLocale(locale);
  if (code === null || !isDateLocaleSupported(code)) {
    console.warn(`Locale "${locale}" is not supported for dates.`);
    return false;
  }
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) {
    console.warn(`Cannot format an invalid date: ${String(date)}`);
    return false;
  }
  return dateFormat(code, format).format(value);
}

export const RELATIVE_TIME_KEYS = ['future', 'past', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'month', 'months', 'year', 'years'] as const;
type RelativeUnitKey = Exclude<(typeof RELATIVE_TIME_KEYS)[number], 'future' | 'past'>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.436875 * DAY;
const YEAR = 365.2425 * DAY;

/** Unit key and count for a distance, with the usual humanising thresholds (45 s, 90 s, 45 min, 90 min, 22 h, 36 h, 26 d, 46 d, 11 mo, 18 mo). */
function relativeUnit(ms: number): [RelativeUnitKey, number] {
  if (ms < 45 * SECOND) return ['seconds', Math.round(ms / SECOND)];
  if (ms < 90 * SECOND) return ['minute', 1];
  if (ms < 45 * MINUTE) return ['minutes', Math.max(2, Math.round(ms / MINUTE))];
  if (ms < 90 * MINUTE) return ['hour', 1];
  if (ms < 22 * HOUR) return ['hours', Math.max(2, Math.round(ms / HOUR))];
  if (ms < 36 * HOUR) return ['day', 1];
  if (ms < 26 * DAY) return ['days', Math.max(2, Math.round(ms / DAY))];
  if (ms < 46 * DAY) return ['month', 1];
  if (ms < 11 * MONTH) return ['months', Math.max(2, Math.round(ms / MONTH))];
  if (ms < 18 * MONTH) return ['year', 1];
  return ['years', Math.max(2, Math.round(ms / YEAR))];
}

/**
 * "3 minutes ago" / "in a day" from the `format.relative_time` messages (`%s` is the distance,
 * `%d` the count). Returns '' for an invalid date.
 */
export function formatRelativeTime(date: DateInput, now: DateInput, t: Translate): string {
  const diff = new Date(date).getTime() - new Date(now).getTime();
  if (Number.isNaN(diff)) return '';
  const [unit, count] = relativeUnit(Math.abs(diff));
  const distance = t(`format.relative_time.${unit}`).replace('%d', String(count));
  return t(`format.relative_time.${diff > 0 ? 'future' : 'past'}`).replace('%s', distance);
}
