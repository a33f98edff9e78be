// The password rule models write with lookaheads (`^(?=.*[A-Z])(?=.*\d).{8,}$`) split into the checks it
// means, which the pattern engine can run (it has no lookaround, so matching stays linear): the length as
// minLength / maxLength, and "contains each kind of character" as one pattern that lists the kinds in
// every order (`[A-Z].*\d|\d.*[A-Z]`). Only the shapes whose meaning is exactly that are split; the
// rest stay refused, with the way to write them (schema-messages.ts).
import { MAX_PATTERN_LENGTH } from './pattern/contract.js';

/** The checks a lookahead rule means. */
export interface LookaheadSplit {
  /** The pattern without lookaround (undefined when the rule needs none: only a length). */
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

export type LookaheadRule =
  | ({ kind: 'split' } & LookaheadSplit)
  /** More kinds of character than one pattern can require within the size limit: the best split. */
  | ({ kind: 'tooMany'; kinds: number; checked: number } & LookaheadSplit);

/**
 * How many kinds of character one pattern may require: listing them in every order grows as the
 * factorial (each kind once more per order), and the factored form of 3 kinds over `.` is size 38 of
 * the engine's 40, 2 kinds over a class about 20 (pattern/contract.ts MAX_PATTERN_SIZE).
 */
const MAX_KINDS_ANY = 3;
const MAX_KINDS_CLASS = 2;

/** A character class `[...]` (escapes inside, no nesting) or a class escape, at the start of `s`. */
const ATOM = /^(?:\[(?:\\.|[^\\\]])+\]|\\[dwsDWS]|\\.|[^\\[\](){}|*+?.^$])/;
const QUANT = /^(?:\*|\+|\{(\d{1,4})(?:(,)(\d{1,4})?)?\})/;

/** What the class escapes stand for, as class items (so `\d` is inside `[0-9a-z]`, `[a-z]` inside `\w`). */
const ESCAPE_ITEMS: Readonly<Record<string, readonly string[]>> = {
  '\\d': ['0-9'],
  '\\w': ['a-z', 'A-Z', '0-9', '_'],
};

/** The items of a class (`[A-Za-z\d]` -> A-Z, a-z, 0-9): a class whose items are another's is inside it. */
function classItems(atom: string): Set<string> | undefined {
  const items = classItemsAsWritten(atom);
  return items && new Set([...items].flatMap((item) => ESCAPE_ITEMS[item] ?? [item]));
}

function classItemsAsWritten(atom: string): Set<string> | undefined {
  if (atom.startsWith('\\')) return new Set([atom]);
  if (!atom.startsWith('[') || atom.startsWith('[^')) return atom.length === 1 ? new Set([atom]) : undefined;
  const items = new Set<string>();
  const body = atom.slice(1, -1);
  const item = /\\.-(?:\\.|[^\\])|[^\\]-(?:\\.|[^\\])|\\.|[^\\]/gy;
  for (let m = item.exec(body); m; m = item.exec(body)) items.add(m[0]);
  return items;
}

/** True when every character `atom` matches is one `body` matches (body `.`: anything on a line). */
function inside(atom: string, body: string): boolean {
  if (body === '.') return true;
  if (body === '\\S')
    return !/^\[\^|^\\[sWDS]$/.test(atom) && !/\\s| /.test(atom) && !(atom.length === 1 && /\s/.test(atom));
  const outer = classItems(body);
  const own = classItems(atom);
  return !!outer && !!own && [...own].every((i) => outer.has(i));
}

/** `atoms` in every order, factored (`a.*(?:b.*c|c.*b)|...`), each separated by `gap`. */
function everyOrder(atoms: readonly string[], gap: string): string {
  if (atoms.length === 1) return atoms[0]!;
  return atoms
    .map((atom, i) => {
      const rest = atoms.filter((_, j) => j !== i);
      const tail = everyOrder(rest, gap);
      return `${atom}${gap}${rest.length > 1 ? `(?:${tail})` : tail}`;
    })
    .join('|');
}

/**
 * The checks `pattern` means when it is `^`, lookaheads that each require one kind of character
 * (`(?=.*X)`, `(?=.*?X)`, `(?=[^X]*[X])`, `(?=\D*\d)`) or forbid spaces (`(?!.*\s)`), then one repeated
 * character or class and `$`; undefined for anything else. `singleLine`: the field holds one line
 * (a text field), where `.` and the split pattern mean the same.
 */
export function splitLookaheadRule(pattern: string, singleLine: boolean): LookaheadRule | undefined {
  if (!singleLine || !pattern.startsWith('^(?') || !pattern.endsWith('$')) return undefined;
  let rest = pattern.slice(1);
  const atoms: string[] = [];
  let noSpace = false;
  while (rest.startsWith('(?=') || rest.startsWith('(?!')) {
    if (rest.startsWith('(?!.*\\s)') || rest.startsWith('(?!.*?\\s)') || rest.startsWith('(?!.* )')) {
      noSpace = true;
      rest = rest.slice(rest.indexOf(')') + 1);
      continue;
    }
    if (rest.startsWith('(?!')) return undefined;
    const inner = rest.slice(3);
    const gap = /^(?:\.\*\??|\[\^(?:\\.|[^\\\]])+\]\*\??|\\[DWS]\*\??)/.exec(inner);
    if (!gap) return undefined;
    const atom = ATOM.exec(inner.slice(gap[0].length));
    if (!atom || inner[gap[0].length + atom[0].length] !== ')') return undefined;
    // `[^X]*[X]` and `\D*\d` say "somewhere" the long way; another gap would mean "right after it".
    const g = gap[0].replace(/\*\??$/, '');
    if (g !== '.' && g.toLowerCase() !== atom[0].toLowerCase() && g !== `[^${atom[0].slice(1, -1)}]`)
      return undefined;
    if (!atoms.includes(atom[0])) atoms.push(atom[0]);
    rest = inner.slice(gap[0].length + atom[0].length + 1);
  }
  if (atoms.length === 0 && !noSpace) return undefined;
  // The body in a group of its own (`([a-zA-Z0-9]+)$`) means the same without it.
  const group = /^\((?:\?:)?([^()|]*)\)\$$/.exec(rest);
  if (group) rest = `${group[1]}$`;
  const body = ATOM.exec(rest) ?? (rest.startsWith('.') ? ['.'] : null);
  if (!body) return undefined;
  const quant = QUANT.exec(rest.slice(body[0].length));
  if (!quant || rest.slice(body[0].length + quant[0].length) !== '$') return undefined;
  let each = body[0];
  if (noSpace) {
    if (each !== '.' && each !== '\\S') return undefined;
    each = '\\S';
  }
  if (!atoms.every((atom) => inside(atom, each))) return undefined;
  const [q, low, comma, high] = quant;
  const minLength = q === '+' ? 1 : low !== undefined ? Number(low) : undefined;
  const maxLength = low !== undefined && !comma ? Number(low) : high !== undefined ? Number(high) : undefined;
  const lengths = {
    ...(minLength ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
  };
  let limit = Math.min(atoms.length, each === '.' ? MAX_KINDS_ANY : MAX_KINDS_CLASS);
  // Over `.` the kinds may be anywhere (unanchored); over a class every character must be one of it.
  const write = (kept: readonly string[]) =>
    each === '.'
      ? kept.length > 0
        ? everyOrder(kept, '.*')
        : undefined
      : kept.length > 0
        ? `^${each}*(?:${everyOrder(kept, `${each}*`)})${each}*$`
        : `^${each}*$`;
  let written = write(atoms.slice(0, limit));
  // Long classes written many times may pass the length limit: then fewer kinds, refused with the split.
  while (written !== undefined && written.length > MAX_PATTERN_LENGTH && limit > 1)
    written = write(atoms.slice(0, --limit));
  if (written !== undefined && written.length > MAX_PATTERN_LENGTH) return undefined;
  const split = { ...(written ? { pattern: written } : {}), ...lengths };
  return atoms.length > limit
    ? { kind: 'tooMany', kinds: atoms.length, checked: limit, ...split }
    : { kind: 'split', ...split };
}
