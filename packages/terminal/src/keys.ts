// Turns the bytes a terminal sends in raw mode into key, text and paste events. Pure: no timers and no
// I/O. A lone ESC cannot be told from the start of a sequence until more bytes arrive or time passes,
// so the caller asks `pending()` and calls `flush()` after a short wait (see session.ts).
import { PASTE_MAX_CHARS } from './paste.js';

// Not `import`: see tty.ts (an ES module facade of a builtin costs the first frame).
const { StringDecoder } = process.getBuiltinModule('node:string_decoder');

export type KeyName =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'pageup'
  | 'pagedown'
  | 'insert'
  | 'delete'
  | 'backspace'
  | 'enter'
  | 'linefeed'
  | 'tab'
  | 'escape'
  | string; // a letter or other character, with ctrl or alt

export interface KeyEvent {
  type: 'key';
  name: KeyName;
  ctrl?: boolean;
  alt?: boolean;
  shift?: boolean;
}
export interface TextEvent {
  type: 'text';
  text: string;
}
/** Raw pasted text (bracketed paste), not yet cleaned: see sanitizePaste. */
export interface PasteEvent {
  type: 'paste';
  text: string;
  /** More than the raw limit arrived; the rest was dropped. */
  overflow: boolean;
}
export type InputEvent = KeyEvent | TextEvent | PasteEvent;

/**
 * The vertical move a key means on a screen of rows (a review, a list outside filtering): ↑ / ↓,
 * j / k as in vim, less and clack, Ctrl+P / Ctrl+N as in Emacs, readline and fzf; null for others.
 */
export function verticalMove(e: InputEvent): 'up' | 'down' | null {
  if (e.type === 'text') return e.text === 'k' ? 'up' : e.text === 'j' ? 'down' : null;
  if (e.type !== 'key') return null;
  if (e.name === 'up' || (e.ctrl && e.name === 'p')) return 'up';
  if (e.name === 'down' || (e.ctrl && e.name === 'n')) return 'down';
  return null;
}

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
/** Raw paste bytes kept: escape sequences may be stripped later, so keep well over the 10,000 cap. */
const RAW_PASTE_LIMIT = PASTE_MAX_CHARS * 100;

const TILDE: Record<string, KeyName> = {
  '1': 'home',
  '7': 'home',
  '4': 'end',
  '8': 'end',
  '2': 'insert',
  '3': 'delete',
  '5': 'pageup',
  '6': 'pagedown',
};
const LETTER: Record<string, KeyName> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
  E: 'clear',
};
/** Key codes of the kitty protocol (CSI code u) and xterm modifyOtherKeys (CSI 27;mod;code ~). */
const CODE: Record<number, KeyName> = {
  13: 'enter',
  27: 'escape',
  9: 'tab',
  127: 'backspace',
  8: 'backspace',
  57414: 'enter',
};

export class KeyDecoder {
  private buf = '';
  private paste: string | null = null;
  private overflow = false;
  private readonly utf8 = new StringDecoder('utf8');

  /** Feeds bytes (or already decoded text); returns the complete events found so far. */
  feed(chunk: Buffer | string): InputEvent[] {
    this.buf += typeof chunk === 'string' ? chunk : this.utf8.write(chunk);
    return this.drain(false);
  }

  /** True when bytes are held back waiting for the rest of a sequence. */
  pending(): boolean {
    return this.buf.length > 0 && this.paste === null;
  }

  /** Gives up waiting: a held-back lone ESC becomes the Escape key, a cut-off sequence is dropped. */
  flush(): InputEvent[] {
    return this.drain(true);
  }

  private drain(final: boolean): InputEvent[] {
    const out: InputEvent[] = [];
    while (this.buf.length > 0) {
      if (this.paste !== null) {
        if (!this.readPaste(out)) break;
        continue;
      }
      const used = this.readOne(out, final);
      if (used === 0) break;
      this.buf = this.buf.slice(used);
    }
    return out;
  }

  private readPaste(out: InputEvent[]): boolean {
    const end = this.buf.indexOf(PASTE_END);
    if (end < 0) {
      // Keep a tail that could be the start of the end marker.
      let keep = 0;
      for (let n = Math.min(PASTE_END.length - 1, this.buf.length); n > 0; n--) {
        if (PASTE_END.startsWith(this.buf.slice(-n))) {
          keep = n;
          break;
        }
      }
      this.addPaste(this.buf.slice(0, this.buf.length - keep));
      this.buf = this.buf.slice(this.buf.length - keep);
      return false;
    }
    this.addPaste(this.buf.slice(0, end));
    this.buf = this.buf.slice(end + PASTE_END.length);
    out.push({ type: 'paste', text: this.paste!, overflow: this.overflow });
    this.paste = null;
    this.overflow = false;
    return true;
  }

  private addPaste(text: string): void {
    const room = RAW_PASTE_LIMIT - this.paste!.length;
    if (text.length > room) this.overflow = true;
    this.paste += text.slice(0, Math.max(0, room));
  }

  /** Reads one event from the start of the buffer; returns how many characters it used (0: need more). */
  private readOne(out: InputEvent[], final: boolean): number {
    const b = this.buf;
    const c = b[0]!;
    if (c === '\x1b') return this.readEscape(out, final);
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) {
      out.push(controlKey(code));
      return 1;
    }
    let end = 1;
    while (end < b.length) {
      const k = b.charCodeAt(end);
      if (k < 0x20 || k === 0x7f || (k >= 0x80 && k < 0xa0)) break;
      end++;
    }
    if (code >= 0x80 && code < 0xa0) return 1; // a stray C1 control: ignore
    out.push({ type: 'text', text: b.slice(0, end) });
    return end;
  }

  private readEscape(out: InputEvent[], final: boolean): number {
    const b = this.buf;
    if (b.length === 1) {
      if (!final) return 0;
      out.push({ type: 'key', name: 'escape' });
      return 1;
    }
    const next = b[1]!;
    if (next === '[') return this.readCsi(out, final);
    if (next === 'O') {
      if (b.length < 3) return final ? this.lone(out) : 0;
      const name = LETTER[b[2]!] ?? (b[2] === 'M' ? 'enter' : undefined);
      if (name) out.push({ type: 'key', name });
      return 3;
    }
    if (next === ']' || next === 'P' || next === 'X' || next === '^' || next === '_') {
      // A string sequence (a terminal's reply): skip to its terminator.
      const m = /\x07|\x1b\\/.exec(b.slice(2));
      if (!m) return final ? b.length : 0;
      return 2 + m.index + m[0].length;
    }
    if (next === '\x1b') {
      out.push({ type: 'key', name: 'escape' });
      return 1;
    }
    // ESC followed by a key: that key with Alt (Alt+Enter, Alt+Backspace, Alt+letter).
    const cp = b.codePointAt(1)!;
    const ch = String.fromCodePoint(cp);
    const code = ch.charCodeAt(0);
    const base: KeyEvent = code < 0x20 || code === 0x7f ? controlKey(code) : { type: 'key', name: ch };
    out.push({ ...base, alt: true });
    return 1 + ch.length;
  }

  private lone(out: InputEvent[]): number {
    out.push({ type: 'key', name: 'escape' });
    return 1;
  }

  private readCsi(out: InputEvent[], final: boolean): number {
    const b = this.buf;
    let i = 2;
    while (i < b.length && b.charCodeAt(i) >= 0x30 && b.charCodeAt(i) <= 0x3f) i++;
    while (i < b.length && b.charCodeAt(i) >= 0x20 && b.charCodeAt(i) <= 0x2f) i++;
    if (i >= b.length) {
      if (!final && b.length < 64) return 0;
      return final ? b.length : this.lone(out);
    }
    const fin = b[i]!;
    const finCode = b.charCodeAt(i);
    if (finCode < 0x40 || finCode > 0x7e) {
      // Not a CSI after all: ESC [ as Alt+[ and go on.
      out.push({ type: 'key', name: '[', alt: true });
      return 2;
    }
    const seq = b.slice(0, i + 1);
    const params = b.slice(2, i);
    if (seq === PASTE_START) {
      this.paste = '';
      return seq.length;
    }
    const event = csiKey(params, fin);
    if (event) out.push(event);
    return seq.length;
  }
}

function controlKey(code: number): KeyEvent {
  if (code === 0x0d) return { type: 'key', name: 'enter' };
  if (code === 0x0a) return { type: 'key', name: 'linefeed' };
  if (code === 0x09) return { type: 'key', name: 'tab' };
  if (code === 0x7f || code === 0x08) return { type: 'key', name: 'backspace' };
  if (code === 0x1b) return { type: 'key', name: 'escape' };
  if (code === 0) return { type: 'key', name: 'space', ctrl: true };
  if (code <= 0x1a) return { type: 'key', name: String.fromCharCode(code + 0x60), ctrl: true };
  return { type: 'key', name: String.fromCharCode(code + 0x40), ctrl: true };
}

function modifiers(mod: number | undefined): Pick<KeyEvent, 'shift' | 'alt' | 'ctrl'> {
  if (!mod || mod <= 1) return {};
  const bits = mod - 1;
  const out: Pick<KeyEvent, 'shift' | 'alt' | 'ctrl'> = {};
  if (bits & 1) out.shift = true;
  if (bits & 2) out.alt = true;
  if (bits & 4) out.ctrl = true;
  return out;
}

function csiKey(params: string, fin: string): KeyEvent | TextEvent | null {
  const parts = params.split(';');
  const num = (k: number) => {
    const n = Number.parseInt((parts[k] ?? '').split(':')[0]!, 10);
    return Number.isNaN(n) ? undefined : n;
  };
  if (params.startsWith('<') || params.startsWith('>') || params.startsWith('?')) return null; // mouse, replies
  if (LETTER[fin]) return { type: 'key', name: LETTER[fin]!, ...modifiers(num(1)) };
  if (fin === 'Z') return { type: 'key', name: 'tab', shift: true };
  if (fin === '~') {
    const first = num(0);
    if (first === 27) return codeKey(num(2), num(1)); // xterm modifyOtherKeys: CSI 27;mod;code ~
    const name = first === undefined ? undefined : TILDE[String(first)];
    return name ? { type: 'key', name, ...modifiers(num(1)) } : null;
  }
  if (fin === 'u') return codeKey(num(0), num(1)); // kitty keyboard protocol: CSI code;mod u
  return null; // focus reports and anything else we do not use
}

function codeKey(code: number | undefined, mod: number | undefined): KeyEvent | TextEvent | null {
  if (code === undefined) return null;
  const mods = modifiers(mod);
  const name = CODE[code];
  if (name) return { type: 'key', name, ...mods };
  if (code < 0x20) return { ...controlKey(code), ...mods };
  const ch = String.fromCodePoint(code);
  if (!mods.ctrl && !mods.alt) return { type: 'text', text: mods.shift ? ch.toUpperCase() : ch };
  return { type: 'key', name: ch.toLowerCase(), ...mods };
}
