// What matching one form's answers may cost. A match costs the pattern's size per UTF-16 unit of text
// (nfa.ts), and a form may carry 125 patterns of size 40 (MAX_FORM_PATTERN_SIZE): a megabyte of
// answers would take about a second. The answers of one form share this budget instead; an answer
// that would pass it is not matched and is refused as too long together with the others: the message
// names the answer's length, not a length that would fit (what fits depends on the other answers).
// The web bundle leaves this module out (a page only judges its own person's answers).
import { FIELD_CATALOG, type FieldType } from '../catalog.js';
import { fieldLabel } from '../field-facts.js';
import { agentText } from '../messages.js';
import type { FormField, Locale } from '../types.js';
import { patternSize } from './index.js';

/**
 * Most matching work for one form's answers, in instruction × text units: twice the worst single
 * match the issue budgets 50 ms for (a size-40 pattern on 50,000 characters).
 */
export const MAX_FORM_MATCH_WORK = 4_000_000;

/**
 * A budget for one form's answers: `take(field, value)` spends what matching `value` against the
 * field's pattern costs and returns null, or, when that would pass the budget, spends nothing and
 * returns the field's message (the form's checked answers are too long together).
 */
export function matchBudget(
  total = MAX_FORM_MATCH_WORK,
): (field: FormField, value: unknown, options: { locale?: Locale }) => string | null {
  let left = total;
  return (field, value, { locale }) => {
    const pattern = (field as { pattern?: unknown }).pattern;
    if (FIELD_CATALOG[field.type as FieldType]?.value !== 'string') return null;
    if (typeof pattern !== 'string' || typeof value !== 'string') return null;
    const size = patternSize(pattern);
    const cost = size * value.length;
    if (cost <= left) {
      left -= cost;
      return null;
    }
    return agentText(locale, 'patternBudget', { label: fieldLabel(field), length: value.length });
  };
}
