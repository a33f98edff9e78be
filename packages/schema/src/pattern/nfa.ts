// The matcher: a parsed pattern (syntax.ts) becomes a Thompson NFA in typed arrays, and a match runs
// every thread in lock step, one text position at a time (no backtracking). Each instruction is
// visited at most once per position, so a match costs O(text length × program size) whatever the
// pattern; the checker bounds the size before anything gets here. Every admitted program (at most
// 64 instructions) runs on bits.ts's bit sets, the same simulation with the empty paths worked out in
// advance; the walk below runs bigger ones and is the reference the tests hold bits.ts to.
//
// A repeated set (`\d{3}`, `[a-z]{1,31}`) can be one COUNT instruction instead of a copy per count:
// its threads differ only by how many units they have matched, so they are one word of bits (bit k: a
// thread has matched k), shifted on a unit in the set and cleared on any other.
import { bitSteps, fitsBits, runBits } from './bits.js';
import { countChunks, isWordUnit, type Node, type Ranges } from './syntax.js';

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

const isWord = (c: number) => c >= 0 && isWordUnit(c);

function inRanges(r: Ranges, c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
}

let steps = 0;
/**
 * The work of the last run() (bits.ts: one per position and per thread moved; the walk: closure
 * visits, stack pops and list entries). Deterministic, unlike a clock, so tests hold the linear bound
 * (at most 4 per instruction per character) exactly; internal (not exported by pattern/index.ts).
 */
export const lastSteps = (): number => steps;

/**
 * True when `text` contains a match (what RegExp.prototype.test says without flags): bits.ts's bit
 * sets for every program that fits them (all admitted patterns), this walk otherwise.
 */
export function run(p: Program, text: string): boolean {
  if (!fitsBits(p)) return walk(p, text);
  const found = runBits(p, text);
  steps = bitSteps();
  return found;
}

/** The same verdict by walking the program at each position (any size; the reference for bits.ts). */
export function walk(p: Program, text: string): boolean {
  const { op, x, y, lo, hi, ascii, high, neg, start } = p;
  const size = op.length;
  const n = text.length;
  // `list` holds the SET and COUNT instructions waiting for the unit at a position, `next` those for
  // the one after; `seen` marks what the closure at a position has visited, `listed` the COUNTs already
  // in `next`; `counts` holds each COUNT's bits; `hits` remembers set tests beyond ASCII per position.
  let list = new Int32Array(size);
  let next = new Int32Array(size);
  const seen = new Int32Array(size).fill(-1);
  const listed = new Int32Array(size).fill(-1);
  const counts = new Int32Array(size);
  const stack = new Int32Array(size * 3 + 1);
  const hitAt = new Int32Array(high.length).fill(-1);
  const hits = new Uint8Array(high.length);
  const anchored = op[start] === ASSERT && x[start] === 0;
  let count = 0;
  let top = 1;
  let work = 0;
  stack[0] = start;
  for (let pos = 0; ; pos++) {
    // The closure at `pos`: every empty path from the threads that moved here (and from the start,
    // for a match that begins here), collecting the instructions that wait for the next unit.
    const c = pos < n ? text.charCodeAt(pos) : -1;
    const boundary = isWord(pos ? text.charCodeAt(pos - 1) : -1) !== isWord(c);
    while (top) {
      work++;
      for (let s = stack[--top]!; seen[s] !== pos; ) {
        work++;
        seen[s] = pos;
        const o = op[s];
        if (o === SPLIT) {
          // Follows one branch at once; the other waits on the stack.
          if (seen[y[s]!] !== pos) stack[top++] = y[s]!;
          s = x[s]!;
        } else if (o === SET) {
          next[count++] = s;
          break;
        } else if (o === COUNT) {
          counts[s]! |= 1; // a thread comes in with count 0
          if (listed[s] !== pos) {
            listed[s] = pos;
            next[count++] = s;
          }
          if (lo[s]) break;
          s = y[s]!;
        } else if (o === ASSERT) {
          const k = x[s]!;
          if (k ? (k === 1 ? pos !== n : boundary !== (k === 2)) : pos) break;
          s = y[s]!;
        } else {
          steps = work;
          return true;
        }
      }
    }
    if (pos === n || (anchored && !count)) {
      steps = work;
      return false;
    }
    const swap = list;
    list = next;
    next = swap;
    const live = count;
    work += live;
    count = 0;
    // The unit at `pos`: a SET that holds it moves on, a COUNT shifts its counts, the rest end.
    for (let j = 0; j < live; j++) {
      const s = list[j]!;
      const set = x[s]!;
      let hit: number;
      if (c < 128) hit = (ascii[set * 4 + (c >> 5)]! >>> c) & 1;
      else if (hitAt[set] === pos) hit = hits[set]!;
      else {
        // Beyond ASCII: a search of the set's ranges, once per set and position.
        hit = hits[set] = +(inRanges(high[set]!, c) !== !!neg[set]);
        hitAt[set] = pos;
      }
      if (op[s] === SET) {
        if (!hit) continue;
        // The usual case, a unit followed by a unit, goes straight to the next list.
        const t = y[s]!;
        if (op[t] !== SET) stack[top++] = t;
        else if (seen[t] !== pos + 1) {
          seen[t] = pos + 1;
          next[count++] = t;
        }
        continue;
      }
      // Without a most, counts stop at min: past it they all behave the same.
      const was = counts[s]!;
      const bound = hi[s]! < 0 ? lo[s]! : hi[s]!;
      const now = hit ? ((was << 1) & (-1 >>> (31 - bound))) | (hi[s]! < 0 ? was & (1 << bound) : 0) : 0;
      counts[s] = now;
      if (now) {
        listed[s] = pos + 1;
        next[count++] = s;
        if (now >>> lo[s]!) stack[top++] = y[s]!;
      }
    }
    if (!anchored) stack[top++] = start;
  }
}
