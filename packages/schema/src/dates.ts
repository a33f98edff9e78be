// Date expressions of the vocabulary: "today", "+Ndays", "-Ndays" or ISO "YYYY-MM-DD".
// Everything works on local calendar dates; `now` is injectable so tests and servers can fix the clock.

const RELATIVE = /^([+-])(\d{1,5})\s*days?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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
 * Resolves "today", "+30days", "-7days" or an ISO date to "YYYY-MM-DD" (local calendar), or null when
 * the expression is not one of those. An ISO date-time resolves to its date.
 */
export function resolveDateBound(expr: string, now: Date = new Date()): string | null {
  const text = expr.trim();
  if (text.toLowerCase() === 'today') return formatDate(now);
  const rel = RELATIVE.exec(text);
  if (rel) {
    const days = Number(rel[2]) * (rel[1] === '-' ? -1 : 1);
    return formatDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
  }
  if (isIsoDate(text)) return text;
  if (isIsoDateTime(text)) return text.slice(0, 10);
  return null;
}
