// Date expressions of the vocabulary: "today", "+Ndays", "-Ndays" or ISO "YYYY-MM-DD".
//
// The rule every surface follows (docs/form-vocabulary.md, "Dates"): a relative bound is resolved once,
// for the instant the form was issued, in the person's time zone where the surface knows it. A page
// resolves it in its own zone from the issue instant it is given, and sends its UTC offset at that
// instant with the answers; a server re-checking them resolves with the same instant and that offset
// (clamped to real time zones); the terminal is the person's own machine. Without an offset, this
// process's zone is used.
const RELATIVE = /^([+-])(\d{1,5})\s*days?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Minutes east of UTC of the real time zones: UTC-12:00 (Baker Island) to UTC+14:00 (Kiribati). */
export const MIN_UTC_OFFSET = -720;
export const MAX_UTC_OFFSET = 840;

/**
 * A UTC offset a client claims, in minutes east of UTC (Tokyo 540, Los Angeles -480 or -420), held to
 * the real time zones; undefined for anything that is no finite number.
 */
export function clampUtcOffset(minutes: unknown): number | undefined {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return undefined;
  return Math.min(MAX_UTC_OFFSET, Math.max(MIN_UTC_OFFSET, Math.round(minutes)));
}

/** This process's UTC offset at `date`, in minutes east of UTC: what a page sends with its answers. */
export function utcOffsetAt(date: Date): number {
  return -date.getTimezoneOffset();
}

/** A Date as local "YYYY-MM-DD". */
export function formatDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A Date as local "YYYY-MM-DDTHH:mm" (what <input type=datetime-local> uses). */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** True for a real calendar date "YYYY-MM-DD" (no 2025-02-30). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  return m !== null && validDay(+m[1]!, +m[2]!, +m[3]!);
}

/** True for a real local date-time "YYYY-MM-DDTHH:mm" (seconds allowed). */
export function isIsoDateTime(text: string): boolean {
  const m = ISO_DATETIME.exec(text);
  return (
    m !== null &&
    validDay(+m[1]!, +m[2]!, +m[3]!) &&
    +m[4]! < 24 &&
    +m[5]! < 60 &&
    (m[6] === undefined || +m[6] < 60)
  );
}

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(y, m, 0).getDate();
}

/**
 * The calendar date "YYYY-MM-DD" at the instant `now` in the zone `utcOffset` minutes east of UTC
 * (default: this process's zone at that instant).
 */
export function dayAt(now: Date, utcOffset: number = utcOffsetAt(now)): string {
  return new Date(now.getTime() + utcOffset * 60_000).toISOString().slice(0, 10);
}

/**
 * Resolves "today", "+30days", "-7days" or an ISO date to "YYYY-MM-DD", or null when the expression is
 * not one of those. Relative ones count whole days from the instant `now` (the form's issue instant),
 * in the zone `utcOffset` minutes east of UTC (default: this process's zone then), so a daylight-saving
 * change in between moves nothing. An ISO date-time resolves to its date.
 */
export function resolveDateBound(
  expr: string,
  now: Date = new Date(),
  utcOffset: number = utcOffsetAt(now),
): string | null {
  const text = expr.trim();
  const rel = text.toLowerCase() === 'today' ? ['', '+', '0'] : RELATIVE.exec(text);
  if (rel) return dayAt(new Date(now.getTime() + Number(rel[1] + rel[2]) * 86_400_000), utcOffset);
  if (isIsoDate(text)) return text;
  if (isIsoDateTime(text)) return text.slice(0, 10);
  return null;
}

/**
 * The ISO dates a date written another way may mean: `2026/12/01`, `2026.12.1`, `2026-12-1`,
 * `2026年12月1日` (year first: one meaning); `12/01/2026` or `01.12.2026` (year last: month-day as in the
 * US, or day-month as in most of the world; one meaning when a part is over 12 or both are the same,
 * else both, the month-first one first). Empty when the text is no such date or names no real day.
 */
export function isoFormsOf(text: string): string[] {
  const t = text.trim();
  const iso = (y: string, m: string, d: string) =>
    validDay(+y, +m, +d) ? [`${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`] : [];
  const yearFirst =
    /^(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})$/.exec(t) ??
    /^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日$/.exec(t);
  if (yearFirst) {
    const [, y, m, d] = yearFirst as unknown as [string, string, string, string];
    return iso(y, m, d);
  }
  const named = monthNamed(t);
  if (named) return iso(...named);
  const yearLast = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(t);
  if (!yearLast) return [];
  const [, a, b, y] = yearLast as unknown as [string, string, string, string];
  const forms = [...iso(y, a, b), ...iso(y, b, a)];
  return [...new Set(forms)];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** `Dec 1, 2026`, `December 1st 2026`, `1 December 2026`: [year, month, day] (a month's name is one meaning). */
function monthNamed(text: string): [string, string, string] | undefined {
  const m =
    /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text) ??
    /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i.exec(text);
  if (!m) return undefined;
  const [name, day] = /^\d/.test(m[1]!) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
  // The month's word or its start ("Dec", "Sept"); "Mayday" or "Junk" are no months.
  const month = MONTHS.findIndex((full) => full.startsWith(name.toLowerCase())) + 1;
  return month === 0 ? undefined : [m[3]!, String(month), day];
}

/**
 * A date-time written another way (`2026/12/01 10:00`, `2026-12-01 9:30`, `2026年12月1日 10:00`) as the
 * answer format "YYYY-MM-DDTHH:mm" (seconds kept), when its date means one day; undefined otherwise.
 * A zone (Z, +09:00) is not read: the answer is a local time and the zone's meaning would be lost.
 */
export function isoDateTimeOf(text: string): string | undefined {
  const m = /^(.+?)[T\s]\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const forms = isoFormsOf(m[1]!);
  if (forms.length !== 1 || +m[2]! > 23 || +m[3]! > 59 || (m[4] !== undefined && +m[4] > 59))
    return undefined;
  const read = `${forms[0]}T${pad(+m[2]!)}:${m[3]}${m[4] ? `:${m[4]}` : ''}`;
  return read === text ? undefined : read;
}
