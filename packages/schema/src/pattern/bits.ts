// The matcher of nfa.ts run with bit sets: a program of at most 64 instructions (every admitted
// pattern: the size limit is 40) keeps its live threads as two 32-bit words. The empty paths from each
// instruction are worked out once per program and per kind of position (at the start or not, at the
// end or not, at a word boundary or not: 8 kinds), so a character costs a few word operations per
// thread that moves instead of a walk over the program. Same verdicts as nfa.ts's run (a test holds
// them together), same linear bound, several times faster on the worst admitted patterns.

import type { Program } from './nfa.js';
import { isWordUnit } from './syntax.js';

const SET = 0;
const COUNT = 1;
const SPLIT = 2;
const ASSERT = 3;
const MATCH = 4;

/** What run needs beyond the program, built on first use. */
interface Tables {
  /** Per ASCII unit: the SET and COUNT instructions it passes (low and high word). */
  asciiLo: Int32Array;
  asciiHi: Int32Array;
  /** Per distinct set: its instructions (low and high word). */
  setLo: Int32Array;
  setHi: Int32Array;
  /** Per kind of position (8) × instruction: the closure of the instruction it goes on to. */
  succLo: Int32Array;
  succHi: Int32Array;
  /** Per kind of position: the closure of the start. */
  startLo: Int32Array;
  startHi: Int32Array;
  /** The SETs that only go on to the SET right before them (a literal's run): moved by one shift. */
  chainLo: number;
  chainHi: number;
  counts: number[];
  match: number;
}

const tables = new WeakMap<Program, Tables>();

/** Whether this matcher can run `p`: one bit per instruction in two words. */
export const fitsBits = (p: Program): boolean => p.op.length <= 64;

function build(p: Program): Tables {
  const { op, x, y, lo, ascii } = p;
  const size = op.length;
  const asciiLo = new Int32Array(128);
  const asciiHi = new Int32Array(128);
  const setLo = new Int32Array(p.high.length);
  const setHi = new Int32Array(p.high.length);
  const counts: number[] = [];
  let match = 0;
  for (let s = 0; s < size; s++) {
    if (op[s] === MATCH) match = s;
    if (op[s] !== SET && op[s] !== COUNT) continue;
    if (op[s] === COUNT) counts.push(s);
    const set = x[s]!;
    if (s < 32) setLo[set]! |= 1 << s;
    else setHi[set]! |= 1 << (s - 32);
    for (let c = 0; c < 128; c++) {
      if (!((ascii[set * 4 + (c >> 5)]! >>> c) & 1)) continue;
      if (s < 32) asciiLo[c]! |= 1 << s;
      else asciiHi[c]! |= 1 << (s - 32);
    }
  }
  const succLo = new Int32Array(8 * size);
  const succHi = new Int32Array(8 * size);
  const startLo = new Int32Array(8);
  const startHi = new Int32Array(8);
  const seen = new Int32Array(size);
  let mark = 0;
  for (let kind = 0; kind < 8; kind++) {
    // kind: bit 0 at the start, bit 1 at the end, bit 2 at a word boundary.
    const closure = (from: number, out: Int32Array, at: number, outHi: Int32Array) => {
      mark++;
      const stack = [from];
      while (stack.length) {
        const s = stack.pop()!;
        if (seen[s] === mark) continue;
        seen[s] = mark;
        const o = op[s];
        if (o === SPLIT) stack.push(y[s]!, x[s]!);
        else if (o === ASSERT) {
          const k = x[s]!;
          const holds = k === 0 ? kind & 1 : k === 1 ? kind & 2 : k === 2 ? kind & 4 : !(kind & 4);
          if (holds) stack.push(y[s]!);
        } else {
          if (s < 32) out[at]! |= 1 << s;
          else outHi[at]! |= 1 << (s - 32);
          // A COUNT that may stop at 0 lets a thread through at once.
          if (o === COUNT && lo[s] === 0) stack.push(y[s]!);
        }
      }
    };
    for (let s = 0; s < size; s++)
      if (op[s] === SET || op[s] === COUNT) closure(y[s]!, succLo, kind * size + s, succHi);
    closure(p.start, startLo, kind, startHi);
  }
  // The compiler emits back to front, so `ab` is b at s - 1 and a at s.
  let chainLo = 0;
  let chainHi = 0;
  for (let s = 1; s < size; s++) {
    if (op[s] !== SET || op[s - 1] !== SET) continue;
    const lo = s - 1 < 32 ? 1 << (s - 1) : 0;
    const hi = s - 1 < 32 ? 0 : 1 << (s - 33);
    let chained = true;
    for (let kind = 0; kind < 8; kind++)
      if (succLo[kind * size + s] !== lo || succHi[kind * size + s] !== hi) chained = false;
    if (!chained) continue;
    if (s < 32) chainLo |= 1 << s;
    else chainHi |= 1 << (s - 32);
  }
  return {
    asciiLo,
    asciiHi,
    setLo,
    setHi,
    succLo,
    succHi,
    startLo,
    startHi,
    chainLo,
    chainHi,
    counts,
    match,
  };
}

function inRanges(r: number[], c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
}

const isWord = (c: number) => c >= 0 && isWordUnit(c);

let steps = 0;
/** The work of the last runBits: one per position, per SET that moved and per COUNT still counting. */
export const bitSteps = (): number => steps;

/** True when `text` contains a match; `p` must fit (fitsBits). */
export function runBits(p: Program, text: string): boolean {
  let t = tables.get(p);
  if (!t) {
    t = build(p);
    tables.set(p, t);
  }
  const { asciiLo, asciiHi, setLo, setHi, succLo, succHi, startLo, startHi, chainLo, chainHi, match } = t;
  const { lo, hi, high, neg, start, op, x } = p;
  const size = op.length;
  const countList = t.counts;
  const counts = new Int32Array(size);
  const n = text.length;
  const anchored = op[start] === ASSERT && x[start] === 0;
  const matchLo = match < 32 ? 1 << match : 0;
  const matchHi = match < 32 ? 0 : 1 << (match - 32);
  let work = 0;
  // Whether some COUNT is still counting (its threads are in `counts`, not in the live words).
  let counting = false;
  let prevWord = false;
  let c = n ? text.charCodeAt(0) : -1;
  let word = isWord(c);
  let kind = 1 | (n ? 0 : 2) | (word ? 4 : 0);
  // The threads waiting for the unit at `pos`.
  let liveLo = startLo[kind]!;
  let liveHi = startHi[kind]!;
  let lastHigh = -1;
  let highLo = 0;
  let highHi = 0;
  for (let pos = 0; ; pos++) {
    work++;
    if ((liveLo & matchLo) | (liveHi & matchHi)) {
      steps = work;
      return true;
    }
    // A COUNT entered at this position (a closure reached it) starts a thread with count 0.
    for (let i = 0; i < countList.length; i++) {
      const s = countList[i]!;
      if (s < 32 ? (liveLo >>> s) & 1 : (liveHi >>> (s - 32)) & 1) counts[s]! |= 1;
    }
    if (pos === n || (anchored && !liveLo && !liveHi && !counting)) {
      steps = work;
      return false;
    }
    // The instructions the unit passes.
    let passLo: number;
    let passHi: number;
    if (c < 128) {
      passLo = asciiLo[c]!;
      passHi = asciiHi[c]!;
    } else {
      if (c !== lastHigh) {
        lastHigh = c;
        highLo = highHi = 0;
        for (let set = 0; set < high.length; set++)
          if (inRanges(high[set]!, c) !== !!neg[set]) {
            highLo |= setLo[set]!;
            highHi |= setHi[set]!;
          }
      }
      passLo = highLo;
      passHi = highHi;
    }
    // The kind of the next position.
    prevWord = word;
    c = pos + 1 < n ? text.charCodeAt(pos + 1) : -1;
    word = isWord(c);
    kind = (pos + 1 === n ? 2 : 0) | (prevWord !== word ? 4 : 0);
    const base = kind * size;
    let nextLo = anchored ? 0 : startLo[kind]!;
    let nextHi = anchored ? 0 : startHi[kind]!;
    counting = false;
    // COUNTs shift their counts on a unit they pass and clear them on any other; those still counting
    // stay live, and those past their fewest let a thread go on.
    for (let i = 0; i < countList.length; i++) {
      const s = countList[i]!;
      const was = counts[s]!;
      if (!was) continue;
      const hit = s < 32 ? (passLo >>> s) & 1 : (passHi >>> (s - 32)) & 1;
      const bound = hi[s]! < 0 ? lo[s]! : hi[s]!;
      const now = hit ? ((was << 1) & (-1 >>> (31 - bound))) | (hi[s]! < 0 ? was & (1 << bound) : 0) : 0;
      counts[s] = now;
      if (!now) continue;
      work++;
      counting = true;
      if (now >>> lo[s]!) {
        nextLo |= succLo[base + s]!;
        nextHi |= succHi[base + s]!;
      }
    }
    // SETs that pass the unit move on: a literal's run by one shift, the others' successors' closures
    // a bit at a time.
    let movedLo = liveLo & passLo;
    let movedHi = liveHi & passHi;
    const shiftLo = movedLo & chainLo;
    const shiftHi = movedHi & chainHi;
    if (shiftLo | shiftHi) {
      work++;
      nextLo |= (shiftLo >>> 1) | (shiftHi << 31);
      nextHi |= shiftHi >>> 1;
      movedLo ^= shiftLo;
      movedHi ^= shiftHi;
    }
    while (movedLo) {
      const s = 31 - Math.clz32(movedLo);
      movedLo ^= 1 << s;
      if (op[s] !== SET) continue;
      work++;
      nextLo |= succLo[base + s]!;
      nextHi |= succHi[base + s]!;
    }
    while (movedHi) {
      const b = 31 - Math.clz32(movedHi);
      movedHi ^= 1 << b;
      const s = b + 32;
      if (op[s] !== SET) continue;
      work++;
      nextLo |= succLo[base + s]!;
      nextHi |= succHi[base + s]!;
    }
    liveLo = nextLo;
    liveHi = nextHi;
  }
}
