// What matching one form's answers may cost. A match costs the pattern's size per UTF-16 unit of text
// (nfa.ts), and a form may carry 125 patterns of size 40 (MAX_FORM_PATTERN_SIZE): a megabyte of
// answers would take about a second. The answers of one form share this budget instead; an answer
// that would pass it is not matched and is refused as too long, with the length that still fits.
import { patternSize } from './index.js';

/**
 * Most matching work for one form's answers, in instruction × text units: twice the worst single
 * match the issue budgets 50 ms for (a size-40 pattern on 50,000 characters).
 */
export const MAX_FORM_MATCH_WORK = 4_000_000;

/**
 * A budget for one form's answers: `take(pattern, text)` spends what matching `text` costs and
 * returns null, or, when that would pass the budget, spends nothing and returns how many units of
 * text the rest of the budget still allows for this pattern.
 */
export function matchBudget(total = MAX_FORM_MATCH_WORK): (pattern: string, text: string) => number | null {
  let left = total;
  return (pattern, text) => {
    const size = patternSize(pattern);
    const cost = size * text.length;
    if (cost <= left) {
      left -= cost;
      return null;
    }
    return Math.floor(left / size);
  };
}
