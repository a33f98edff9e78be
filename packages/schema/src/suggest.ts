// "Did you mean": the name a wrong one most likely stands for. Used by the sentences of schema-messages.ts
// only (the checker passes the names that were possible), so a browser bundle that defers the sentences
// leaves this and its tables out too.
import { FORM_ALIASES, foldName, PROPERTY_ALIASES, TYPE_SUGGESTIONS } from './aliases.js';
import { FIELD_TYPES } from './catalog.js';

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** The name among `candidates` that `word` most likely means: an alias, or one a typo or two away. */
function nearest(
  word: string,
  candidates: readonly string[],
  aliases: Readonly<Record<string, readonly string[]>>,
): string | undefined {
  const folded = foldName(word);
  const alias = Object.hasOwn(aliases, folded)
    ? aliases[folded]!.find((a) => candidates.includes(a))
    : undefined;
  if (alias) return alias;
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestScore = 3;
  for (const c of candidates) {
    const score = c.toLowerCase() === lower ? 0 : editDistance(lower, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** The property an unknown one most likely means among the form's (`form`) or a field type's names. */
export function nearProperty(
  prop: string,
  candidates: readonly string[],
  level: 'form' | 'field',
): string | undefined {
  return nearest(prop, candidates, level === 'form' ? FORM_ALIASES : PROPERTY_ALIASES);
}

/** The type a wrong one most likely means: a known other name, or one a typo or two away. */
export function nearType(type: unknown): string | undefined {
  if (typeof type !== 'string') return undefined;
  const folded = foldName(type);
  if (Object.hasOwn(TYPE_SUGGESTIONS, folded)) return TYPE_SUGGESTIONS[folded];
  return nearest(type, FIELD_TYPES, {});
}
