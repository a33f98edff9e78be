// The reference matcher the tests hold bits.ts to: the same Thompson simulation over nfa.ts's program,
// walking it one instruction at a time at each position (any size). It was the engine before bits.ts.
import type { Program } from '../src/pattern/nfa.js';
import { isWordUnit, type Ranges } from '../src/pattern/syntax.js';

const SET = 0;
const COUNT = 1;
const SPLIT = 2;
const ASSERT = 3;

const isWord = (c: number) => c >= 0 && isWordUnit(c);

function inRanges(r: Ranges, c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
}

/** True when `text` contains a match. */
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
  stack[0] = start;
  for (let pos = 0; ; pos++) {
    // The closure at `pos`: every empty path from the threads that moved here (and from the start,
    // for a match that begins here), collecting the instructions that wait for the next unit.
    const c = pos < n ? text.charCodeAt(pos) : -1;
    const boundary = isWord(pos ? text.charCodeAt(pos - 1) : -1) !== isWord(c);
    while (top) {
      for (let s = stack[--top]!; seen[s] !== pos; ) {
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
        } else return true;
      }
    }
    if (pos === n || (anchored && !count)) return false;
    const swap = list;
    list = next;
    next = swap;
    const live = count;
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
