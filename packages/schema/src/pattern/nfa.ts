// The matcher: a parsed pattern (syntax.ts) becomes a Thompson NFA in typed arrays, and a match runs
// every thread in lock step, one text position at a time (no backtracking). Each instruction is
// visited at most once per position, so a match costs O(text length × program size) whatever the
// pattern; the checker bounds the size before anything gets here. The program runs on bits.ts's bit
// sets (every admitted program has at most 64 instructions), with the empty paths worked out in
// advance; test/pattern-walk.ts walks the program one instruction at a time, the reference the tests
// hold bits.ts to.
//
// A repeated set (`\d{3}`, `[a-z]{1,31}`) can be one COUNT instruction instead of a copy per count:
// its threads differ only by how many units they have matched, so they are one word of bits (bit k: a
// thread has matched k), shifted on a unit in the set and cleared on any other.
import { bitSteps, fitsBits, runBits } from './bits.js';
import { countChunks, type Node, type Ranges } from './syntax.js';

const SET = 0;
const COUNT = 1;
const SPLIT = 2;
const ASSERT = 3;
const MATCH = 4;

export interface Program {
  /** Per instruction: op; x = set (SET, COUNT), branch (SPLIT) or assertion (ASSERT, index in ^$bB). */
  op: Uint8Array;
  x: Int32Array;
  /** The next instruction (the other branch of a SPLIT). */
  y: Int32Array;
  /** COUNT: fewest counts, and most (-1: no most). */
  lo: Int32Array;
  hi: Int32Array;
  start: number;
  /** Per distinct set: an ASCII bitmap (4 words); beyond ASCII its ranges and whether it is negated. */
  ascii: Int32Array;
  high: Ranges[];
  neg: Uint8Array;
}

/** Emits the program for `node`: at most `node.size` instructions plus MATCH. */
export function compile(node: Node): Program {
  const room = node.size + 1;
  const op = new Uint8Array(room);
  const x = new Int32Array(room);
  const y = new Int32Array(room);
  const lo = new Int32Array(room);
  const hi = new Int32Array(room);
  const sets = new Map<string, number>();
  const ascii: number[] = [];
  const high: Ranges[] = [];
  const neg: number[] = [];
  let pc = 0;
  const put = (o: number, a: number, b: number) => {
    op[pc] = o;
    x[pc] = a;
    y[pc] = b;
    return pc++;
  };
  const setOf = ({ r, neg: negated }: { r: Ranges; neg: boolean }): number => {
    const key = `${negated}${r}`;
    if (!sets.has(key)) {
      sets.set(key, high.length);
      const bits = [0, 0, 0, 0];
      for (let c = 0; c < 128; c++) if (inRanges(r, c) !== negated) bits[c >> 5]! |= 1 << c;
      ascii.push(...bits);
      high.push(r.filter((_, i) => r[i | 1]! > 127));
      neg.push(+negated);
    }
    return sets.get(key)!;
  };
  // Built back to front: each node is emitted knowing where to go next, so no jumps are needed.
  const emit = (n: Node, next: number): number => {
    if (n.t === 'set') return put(SET, setOf(n), next);
    if (n.t === 'assert') return put(ASSERT, '^$bB'.indexOf(n.k), next);
    if (n.t === 'cat') {
      for (let i = n.items.length - 1; i >= 0; i--) next = emit(n.items[i]!, next);
      return next;
    }
    if (n.t === 'alt') {
      let entry = emit(n.items[n.items.length - 1]!, next);
      for (let i = n.items.length - 2; i >= 0; i--) entry = put(SPLIT, emit(n.items[i]!, next), entry);
      return entry;
    }
    const { min, max, item } = n;
    const endless = max === Number.POSITIVE_INFINITY;
    if (n.count) {
      // x{40,70} as x{31}x{9,31}x{0,8}: each COUNT keeps up to 31 counts in one word.
      const set = setOf(item as { r: Ranges; neg: boolean });
      const chunks = countChunks(min, max);
      for (let i = chunks - 1; i >= 0; i--) {
        next = put(COUNT, set, next);
        lo[next] = Math.min(Math.max(min - 31 * i, 0), 31);
        hi[next] = i < chunks - 1 ? 31 : endless ? -1 : max - 31 * i;
      }
      return next;
    }
    let entry = next;
    let copies = min;
    if (endless) {
      // x* as a split in front of x that x returns to; x+ (and x{2,}) as x then that split.
      const loop = put(SPLIT, 0, next);
      x[loop] = emit(item, loop);
      entry = min ? x[loop]! : loop;
      copies = Math.max(min - 1, 0);
    } else {
      // x{0,3} as (x(x(x)?)?)?: a skipped copy ends the repetition.
      for (let i = min; i < max; i++) entry = put(SPLIT, emit(item, entry), next);
    }
    for (let i = 0; i < copies; i++) entry = emit(item, entry);
    return entry;
  };
  const start = emit(node, put(MATCH, 0, 0));
  return { op, x, y, lo, hi, start, ascii: Int32Array.from(ascii), high, neg: Uint8Array.from(neg) };
}

function inRanges(r: Ranges, c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
}

/**
 * The work of the last run(): one per position and per thread moved. Deterministic, unlike a clock,
 * so tests hold the linear bound (at most 4 per instruction per character) exactly; internal (not
 * exported by pattern/index.ts).
 */
export const lastSteps = bitSteps;

/**
 * True when `text` contains a match (what RegExp.prototype.test says without flags), on bits.ts's
 * bit sets: every admitted program fits them (the size limit is far below 64 instructions).
 */
export function run(p: Program, text: string): boolean {
  if (!fitsBits(p)) throw new Error(`a program of ${p.op.length} instructions is over the matcher's 64`);
  return runBits(p, text);
}
