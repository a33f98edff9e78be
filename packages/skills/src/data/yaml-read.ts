// A YAML reader that reads catalogs the way PyYAML (YAML 1.1) does, straight into Values (no syntax
// tree, so memory stays near the size of the text):
//   - PyYAML's implicit types (yaml-resolve.ts): yes/on/off booleans, base-60 and 0-octal integers,
//     dotted floats, dates; quoted scalars are always strings;
//   - merge keys `<<: *base` / `<<: [*a, *b]` with PyYAML's precedence (own keys win, then the first
//     merged mapping), a repeated key keeps its first place and its last value;
//   - anchors and aliases share the value; an alias to a node that contains it is refused, and so are
//     aliases that repeat more than `maxAliasValues` values in all (an alias bomb);
//   - keys are text: a plain key is the text as written (`on:` is the key "on", `123:` the key "123").
// Where PyYAML refuses something YAML 1.2 allows and the meaning is plain (tabs inside plain scalars,
// anchors with dots), we accept it. Tags other than the YAML 1.1 scalar and collection tags are refused
// (PyYAML's safe_load refuses local and python tags too). The root mapping's `servers` list can be
// handed out item by item (`onServer`), so a caller can process a server and let it go.
import { constructBool, constructFloat, constructInt, constructTimestamp, MERGE, resolvePlain, VALUE_KEY } from './yaml-resolve.js';
import { type Mapping, PyFloat, Timestamp, type Value } from './value.js';

export class YamlError extends Error {
  readonly reason: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  constructor(
    reason: string,
    line: number,
    column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

export interface YamlReadOptions {
  /** Collections nested deeper than this are refused (default 500). */
  maxDepth?: number;
  /** Aliases may repeat at most this many values in all (default 1,000,000). */
  maxAliasValues?: number;
  /** Each item of the root mapping's `servers` list, as soon as it is read; it is then left out of the result. */
  onServer?: (server: Value, index: number) => void;
}

const PENDING = Symbol('pending');
const YAML_TAG = 'tag:yaml.org,2002:';

type Sink = (item: Value, index: number) => void;
type Kind = 'top' | 'value' | 'seq' | 'key';

const isBreak = (c: number) => c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029;
const isBlank = (c: number) => c === 32 || c === 9;
/** Blank, line break or the end of the text (NaN from charCodeAt). */
const isBlankOrEnd = (c: number) => c === 32 || c === 9 || isBreak(c) || Number.isNaN(c);
const isFlowIndicator = (c: number) => c === 44 || c === 91 || c === 93 || c === 123 || c === 125;

export function readYaml(text: string, options: YamlReadOptions = {}): Value {
  return new Reader(text, options).stream();
}

class Reader {
  private pos = 0;
  private line = 0;
  private lineStart = 0;
  private depth = 0;
  private flowLevel = 0;
  private aliasValues = 0;
  /** Values made so far, aliases counted at their full size (for the size of anchored values). */
  private count = 0;
  private readonly anchors = new Map<string, { value: Value; size: number } | typeof PENDING>();
  private readonly tagHandles = new Map<string, string>([
    ['!', '!'],
    ['!!', YAML_TAG],
  ]);
  private sunk = false;
  private readonly maxDepth: number;
  private readonly maxAliasValues: number;

  private readonly s: string;
  private readonly options: YamlReadOptions;
  constructor(
    s: string,
    options: YamlReadOptions,
  ) {
    this.s = s;
    this.options = options;
    this.maxDepth = options.maxDepth ?? 500;
    this.maxAliasValues = options.maxAliasValues ?? 1_000_000;
  }

  // ----- positions and errors

  private code(at = this.pos): number {
    return this.s.charCodeAt(at);
  }

  private get column(): number {
    return this.pos - this.lineStart;
  }

  private fail(reason: string, at = this.pos): never {
    // Line and column of `at` (which may be before the current position).
    let line = this.line;
    let start = this.lineStart;
    if (at < start) {
      line = 0;
      start = 0;
      for (let i = 0; i < at; i++) {
        const c = this.s.charCodeAt(i);
        if (isBreak(c) && !(c === 13 && this.s.charCodeAt(i + 1) === 10)) {
          line++;
          start = i + 1;
        }
      }
    }
    throw new YamlError(reason, line + 1, at - start + 1);
  }

  private describeHere(): string {
    const c = this.code();
    if (Number.isNaN(c)) return 'the end of the text';
    if (isBreak(c)) return 'the end of the line';
    return `'${this.s.slice(this.pos, this.pos + 12).split(/[\r\n]/)[0]}'`;
  }

  /** Consumes one line break at pos; returns it as PyYAML keeps it ('\n', or U+2028 / U+2029 themselves). */
  private lineBreak(): string {
    const c = this.code();
    this.pos += c === 13 && this.code(this.pos + 1) === 10 ? 2 : 1;
    this.line++;
    this.lineStart = this.pos;
    return c === 0x2028 || c === 0x2029 ? String.fromCharCode(c) : '\n';
  }

  private atDocumentMarker(): boolean {
    if (this.column !== 0) return false;
    const c = this.code();
    if (c !== 45 && c !== 46) return false;
    return this.code(this.pos + 1) === c && this.code(this.pos + 2) === c && isBlankOrEnd(this.code(this.pos + 3));
  }

  private skipBlanks(): void {
    while (isBlank(this.code())) this.pos++;
  }

  /** Skips blanks, comments and line breaks; true when at least one line break was crossed. */
  private skipToContent(): boolean {
    let crossed = false;
    for (;;) {
      const before = this.pos;
      this.skipBlanks();
      const c = this.code();
      if (c === 35 && (this.pos === this.lineStart || this.pos > before || isBlankOrEnd(this.code(this.pos - 1)))) {
        while (!isBreak(this.code()) && !Number.isNaN(this.code())) this.pos++;
        continue;
      }
      if (isBreak(c)) {
        this.lineBreak();
        crossed = true;
        continue;
      }
      if (crossed && this.flowLevel === 0 && !Number.isNaN(c)) {
        // Block indentation is spaces only: a tab before content would make the structure ambiguous.
        const lead = this.s.slice(this.lineStart, this.pos);
        if (lead.includes('\t')) this.fail('a tab in the indentation; YAML indents with spaces only', this.lineStart + lead.indexOf('\t'));
      }
      return crossed;
    }
  }

  /** After skipToContent: is this the first content of its line (a block scalar may have ended on the line before)? */
  private atLineStart(crossed: boolean): boolean {
    if (crossed) return true;
    for (let i = this.lineStart; i < this.pos; i++) if (this.s.charCodeAt(i) !== 32) return false;
    return true;
  }

  // ----- the stream and its one document

  stream(): Value {
    if (this.code() === 0xfeff) this.pos = this.lineStart = 1;
    this.skipToContent();
    let directives = false;
    while (this.column === 0 && this.code() === 37) {
      this.directive();
      directives = true;
      this.skipToContent();
    }
    if (this.atDocumentMarker() && this.code() === 45) this.pos += 3;
    else if (directives) this.fail("a directive (%...) must be followed by '---'");
    const value = this.blockNode(-1, 'top');
    this.skipToContent();
    if (this.atDocumentMarker() && this.code() === 46) {
      this.pos += 3;
      this.skipToContent();
    }
    if (this.pos < this.s.length) {
      if (this.atDocumentMarker())
        this.fail("a second YAML document ('---'); a catalog is one document: put all servers in one 'servers' list");
      this.fail(`unexpected ${this.describeHere()}; the text should have ended here (check the indentation above)`);
    }
    if (!this.sunk && this.options.onServer && value instanceof Map) {
      const servers = value.get('servers');
      if (Array.isArray(servers)) {
        servers.forEach((server, i) => this.options.onServer!(server, i));
        value.set('servers', []);
      }
    }
    return value;
  }

  private directive(): void {
    const start = this.pos;
    let end = this.pos;
    while (!isBreak(this.code(end)) && !Number.isNaN(this.code(end))) end++;
    const text = this.s.slice(start + 1, end).replace(/\s+#.*$/, '').trim();
    const [name, ...args] = text.split(/[ \t]+/);
    if (name === 'YAML') {
      if (!/^1\.\d+$/.test(args[0] ?? '')) this.fail(`unsupported YAML version '${args[0] ?? ''}'; YAML 1.x is required`);
    } else if (name === 'TAG') {
      if (args.length !== 2) this.fail('a %TAG directive needs a handle and a prefix');
      this.tagHandles.set(args[0]!, args[1]!);
    }
    this.pos = end;
  }

  // ----- block nodes

  /**
   * A node in block context after an indicator (`key:`, `- `, `? `) or at the top. `parent` is the
   * indentation of the collection it belongs to (-1 at the top).
   */
  private blockNode(parent: number, kind: Kind, sink?: Sink): Value {
    const crossed = this.skipToContent();
    return this.blockNodeAt(parent, kind, !crossed && kind !== 'top', sink, undefined);
  }

  private blockNodeAt(
    parent: number,
    kind: Kind,
    sameLine: boolean,
    sink: Sink | undefined,
    props: Props | undefined,
  ): Value {
    const c = this.code();
    if (Number.isNaN(c) || this.atDocumentMarker()) return this.empty(props);
    const col = this.column;
    if (!sameLine && col <= parent) {
      // `key:` then `- item` at the key's own indentation: PyYAML's default way of writing lists.
      if (kind === 'value' && col === parent && this.atSequenceEntry()) return this.withProps(props, () => this.blockSequence(col, sink));
      return this.empty(props);
    }
    const blockAllowed = !sameLine || kind === 'seq' || kind === 'key';
    if (blockAllowed) {
      if (this.atSequenceEntry()) return this.withProps(props, () => this.blockSequence(col, sink));
      if ((c === 63 || c === 58) && isBlankOrEnd(this.code(this.pos + 1)) && (c === 63 || props === undefined))
        return this.withProps(props, () => this.blockMapping(col));
      if (props === undefined && this.implicitKeyAhead()) return this.blockMapping(col);
      if (props !== undefined && this.implicitKeyAhead()) return this.withProps(props, () => this.blockMapping(col));
    }
    if (props === undefined && (c === 38 || c === 33)) {
      const own = this.properties();
      const crossedAfter = this.skipToContent();
      return this.blockNodeAt(parent, kind, sameLine && !crossedAfter, sink, own);
    }
    if (c === 124 || c === 62) return this.scalarWithProps(props, this.blockScalar(parent), false);
    return this.flowOrScalar(props, parent, sink);
  }

  private atSequenceEntry(): boolean {
    return this.code() === 45 && isBlankOrEnd(this.code(this.pos + 1));
  }

  private empty(props: Props | undefined): Value {
    this.count++;
    if (props?.tag !== undefined) return this.tagScalar(props.tag, '', true, props.at);
    if (props?.anchor !== undefined) this.anchors.set(props.anchor, { value: null, size: 1 });
    return null;
  }

  private blockSequence(indent: number, sink?: Sink): Value[] {
    this.enter();
    const items: Value[] = [];
    let index = 0;
    for (;;) {
      this.pos++; // the '-'
      const item = this.blockNode(indent, 'seq');
      if (sink) sink(item, index++);
      else items.push(item);
      const crossed = this.atLineStart(this.skipToContent());
      if (this.pos >= this.s.length || this.atDocumentMarker()) break;
      const col = this.column;
      if (col < indent && crossed) break;
      if (!crossed) this.fail(`expected a new line after a list item, found ${this.describeHere()}`);
      if (col > indent) this.fail(`bad indentation: this line is indented more than the list around it (column ${indent + 1})`);
      if (!this.atSequenceEntry()) break;
    }
    if (sink) this.sunk = true;
    this.leave();
    this.count++;
    return items;
  }

  private blockMapping(indent: number): Mapping {
    this.enter();
    const entries: Mapping = new Map();
    const merges: { value: Value; at: number }[] = [];
    const root = this.depth === 1 && this.flowLevel === 0;
    for (;;) {
      let key: Key;
      let value: Value;
      const at = this.pos;
      if (this.code() === 63 && isBlankOrEnd(this.code(this.pos + 1))) {
        this.pos++;
        key = this.keyOf(this.blockNode(indent, 'key'), at);
        this.skipToContent();
        if (this.column === indent && this.code() === 58 && isBlankOrEnd(this.code(this.pos + 1))) {
          this.pos++;
          // After an explicit `: `, a compact list or mapping may start on the same line (as after `- `).
          value = this.blockNode(indent, 'key');
        } else value = null;
      } else {
        key =
          this.code() === 58 && isBlankOrEnd(this.code(this.pos + 1)) ? { text: '', merge: false } : this.implicitKey();
        this.skipBlanks();
        if (this.code() !== 58) this.fail(`expected ':' after the key '${key.text}', found ${this.describeHere()}`);
        this.pos++;
        const sink = root && key.text === 'servers' && !key.merge ? this.options.onServer : undefined;
        value = this.blockNode(indent, 'value', sink);
      }
      if (key.merge) merges.push({ value, at });
      else entries.set(key.text, value);
      const crossed = this.atLineStart(this.skipToContent());
      if (this.pos >= this.s.length || this.atDocumentMarker()) break;
      const col = this.column;
      if (col < indent && crossed) break;
      if (!crossed) this.fail(`expected a new line after a value, found ${this.describeHere()} (a ':' in a value needs quotes)`);
      if (col > indent) this.fail(`bad indentation: this line is indented more than the keys around it (column ${indent + 1})`);
      if (this.atSequenceEntry()) this.fail("a list item ('- ') where a key was expected");
    }
    this.leave();
    this.count++;
    return merges.length > 0 ? this.merged(entries, merges) : entries;
  }

  /** Is there `key:` (a single-line key then ': ') at pos? Properties before the key belong to it. */
  private implicitKeyAhead(): boolean {
    const s = this.s;
    let p = this.pos;
    // properties
    for (;;) {
      const c = s.charCodeAt(p);
      if (c !== 38 && c !== 33) break;
      while (!isBlankOrEnd(s.charCodeAt(p))) p++;
      while (isBlank(s.charCodeAt(p))) p++;
    }
    const c = s.charCodeAt(p);
    if (c === 39 || c === 34) {
      p++;
      for (;;) {
        const d = s.charCodeAt(p);
        if (Number.isNaN(d) || isBreak(d)) return false;
        if (c === 34 && d === 92) p += 2;
        else if (d === c) {
          if (c === 39 && s.charCodeAt(p + 1) === 39) p += 2;
          else {
            p++;
            break;
          }
        } else p++;
      }
    } else if (c === 91 || c === 123) {
      let level = 0;
      for (;;) {
        const d = s.charCodeAt(p);
        if (Number.isNaN(d) || isBreak(d)) return false;
        if (d === 91 || d === 123) level++;
        else if (d === 93 || d === 125) {
          level--;
          if (level === 0) {
            p++;
            break;
          }
        } else if (d === 34 || d === 39) {
          p++;
          while (!Number.isNaN(s.charCodeAt(p)) && s.charCodeAt(p) !== d && !isBreak(s.charCodeAt(p))) {
            if (d === 34 && s.charCodeAt(p) === 92) p++;
            p++;
          }
        }
        p++;
      }
    } else if (c === 42) {
      while (!isBlankOrEnd(s.charCodeAt(p)) && s.charCodeAt(p) !== 58) p++;
    } else {
      if (Number.isNaN(c) || isBreak(c) || c === 35) return false;
      // plain: up to ': ' or ' #' on this line
      for (;;) {
        const d = s.charCodeAt(p);
        if (Number.isNaN(d) || isBreak(d)) return false;
        if (d === 58 && isBlankOrEnd(s.charCodeAt(p + 1))) return true;
        if (d === 35 && isBlank(s.charCodeAt(p - 1))) return false;
        p++;
      }
    }
    while (isBlank(s.charCodeAt(p))) p++;
    return s.charCodeAt(p) === 58 && isBlankOrEnd(s.charCodeAt(p + 1));
  }

  /** A block mapping's key on one line: properties, then an alias, a quoted scalar, a flow collection or a plain scalar. */
  private implicitKey(): Key {
    const at = this.pos;
    const props = this.code() === 38 || this.code() === 33 ? this.properties() : undefined;
    this.skipBlanks();
    const c = this.code();
    if (c === 42) {
      if (props) this.fail('an alias cannot have an anchor or a tag');
      return this.keyOf(this.alias(), at);
    }
    if (c === 39 || c === 34) {
      const text = c === 39 ? this.singleQuoted() : this.doubleQuoted();
      return this.keyOf(this.scalarWithProps(props, text, false), at);
    }
    if (c === 91 || c === 123) return this.keyOf(this.withProps(props, () => this.flowCollection()), at);
    const text = this.plain(-1, true);
    if (props?.tag === undefined && text === '<<') {
      if (props?.anchor !== undefined) this.anchors.set(props.anchor, { value: text, size: 1 });
      return { text, merge: true };
    }
    this.count++;
    if (props?.tag !== undefined) return this.keyOf(this.tagScalar(props.tag, text, true, props.at), at);
    if (props?.anchor !== undefined) this.anchors.set(props.anchor, { value: text, size: 1 });
    return { text, merge: false };
  }

  private keyOf(value: Value, at: number): Key {
    if (typeof value === 'string') return { text: value, merge: false };
    if (value === null) return { text: '', merge: false };
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return { text: String(value), merge: false };
    if (value instanceof PyFloat) return { text: String(value.value), merge: false };
    if (value instanceof Timestamp) return { text: value.text, merge: false };
    const what = Array.isArray(value) ? 'a list' : value instanceof Map ? 'a mapping' : 'a value that is not text';
    return this.fail(`a mapping key must be text, not ${what}`, at);
  }

  /** PyYAML's merge: merged keys first (from the first merged mapping's side), the mapping's own keys win. */
  private merged(own: Mapping, merges: { value: Value; at: number }[]): Mapping {
    const sources: Mapping[] = [];
    for (const { value, at } of merges) {
      if (value instanceof Map) sources.push(value);
      else if (Array.isArray(value)) {
        const list: Mapping[] = [];
        for (const item of value) {
          if (!(item instanceof Map)) this.fail("'<<' merges mappings: every item of its list must be a mapping", at);
          list.push(item);
        }
        sources.push(...list.reverse());
      } else this.fail("'<<' merges mappings: its value must be a mapping (*anchor) or a list of them", at);
    }
    const result: Mapping = new Map();
    for (const source of sources) {
      this.spend(source.size);
      for (const [k, v] of source) result.set(k, v);
    }
    for (const [k, v] of own) result.set(k, v);
    return result;
  }

  // ----- properties, aliases, tags

  private properties(): Props {
    const props: Props = { at: this.pos };
    for (;;) {
      const c = this.code();
      if (c === 38) {
        if (props.anchor !== undefined) this.fail('a node has two anchors');
        this.pos++;
        props.anchor = this.name('anchor');
      } else if (c === 33) {
        if (props.tag !== undefined) this.fail('a node has two tags');
        props.tag = this.tag();
      } else break;
      const before = this.pos;
      this.skipBlanks();
      if (this.pos === before) break;
    }
    return props;
  }

  private name(what: string): string {
    const start = this.pos;
    for (;;) {
      const c = this.code();
      if (isBlankOrEnd(c) || isFlowIndicator(c) || (c === 58 && isBlankOrEnd(this.code(this.pos + 1)))) break;
      this.pos++;
    }
    if (this.pos === start) this.fail(`an ${what} needs a name`);
    return this.s.slice(start, this.pos);
  }

  private tag(): string {
    const start = this.pos;
    this.pos++;
    if (this.code() === 60) {
      const end = this.s.indexOf('>', this.pos);
      if (end < 0) this.fail("a verbatim tag '!<' needs its closing '>'");
      this.pos = end + 1;
      return this.s.slice(start + 2, end);
    }
    while (!isBlankOrEnd(this.code()) && !(this.flowLevel > 0 && isFlowIndicator(this.code()))) this.pos++;
    const text = this.s.slice(start, this.pos);
    if (text === '!') return '!';
    const second = text.indexOf('!', 1);
    const handle = second > 0 ? text.slice(0, second + 1) : '!';
    const suffix = second > 0 ? text.slice(second + 1) : text.slice(1);
    const prefix = this.tagHandles.get(handle);
    if (prefix === undefined) this.fail(`unknown tag handle '${handle}' (declare it with %TAG)`, start);
    return decodeURIComponentSafe(prefix + suffix);
  }

  private alias(): Value {
    const at = this.pos;
    this.pos++;
    const name = this.name('alias');
    const anchored = this.anchors.get(name);
    if (anchored === undefined) this.fail(`unknown alias *${name}: no &${name} before it`, at);
    if (anchored === PENDING)
      this.fail(`the alias *${name} is inside the node it refers to (a recursive structure, which a catalog cannot hold)`, at);
    this.spend(anchored.size);
    this.count += anchored.size;
    return anchored.value;
  }

  /** Counts values that aliases and merges repeat, against the alias-bomb limit. */
  private spend(size: number): void {
    this.aliasValues += size;
    if (this.aliasValues > this.maxAliasValues) {
      this.fail(
        `the aliases (*name) and merges (<<) repeat more than ${this.maxAliasValues.toLocaleString('en')} values in all, which looks like an alias bomb; write the shared parts out, or split the catalog`,
      );
    }
  }

  private withProps<T extends Value>(props: Props | undefined, read: () => T): T {
    if (props?.anchor !== undefined) this.anchors.set(props.anchor, PENDING);
    const before = this.count;
    const value = read();
    if (props?.tag !== undefined) this.checkCollectionTag(props.tag, value, props.at);
    if (props?.anchor !== undefined) this.anchors.set(props.anchor, { value, size: Math.max(1, this.count - before) });
    return value;
  }

  private checkCollectionTag(tag: string, value: Value, at: number): void {
    if (tag === '!') return;
    if (Array.isArray(value) && tag === `${YAML_TAG}seq`) return;
    if (value instanceof Map && tag === `${YAML_TAG}map`) return;
    this.unsupportedTag(tag, at);
  }

  private unsupportedTag(tag: string, at: number): never {
    const short = tag.startsWith(YAML_TAG) ? `!!${tag.slice(YAML_TAG.length)}` : tag;
    return this.fail(
      `the tag ${short} is not supported: a catalog holds JSON data (strings, numbers, booleans, null, lists, mappings)`,
      at,
    );
  }

  private scalarWithProps(props: Props | undefined, text: string, plain: boolean): Value {
    this.count++;
    const value = props?.tag !== undefined ? this.tagScalar(props.tag, text, plain, props.at) : plain ? this.resolved(text) : text;
    if (props?.anchor !== undefined) this.anchors.set(props.anchor, { value, size: 1 });
    return value;
  }

  private resolved(text: string): Value {
    const value = resolvePlain(text);
    if (value === MERGE) return this.fail("'<<' (a merge key) can only be a key; quote it to mean the text '<<'");
    if (value === VALUE_KEY) return this.fail("'=' is a YAML 1.1 value key that PyYAML cannot read as a value; quote it: '='");
    if (typeof value === 'symbol') return text;
    return value;
  }

  private tagScalar(tag: string, text: string, plain: boolean, at: number): Value {
    try {
      switch (tag) {
        case '!':
        case `${YAML_TAG}str`:
          return text;
        case `${YAML_TAG}null`:
          return null;
        case `${YAML_TAG}bool`:
          return constructBool(text);
        case `${YAML_TAG}int`:
          if (!/^[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?::[0-5]?[0-9])*)$/.test(text))
            throw new RangeError(`'${text}' is not an integer`);
          return constructInt(text);
        case `${YAML_TAG}float`: {
          const value = constructFloat(text);
          if (typeof value === 'number' && Number.isNaN(value) && !/^\.nan$/i.test(text))
            throw new RangeError(`'${text}' is not a number`);
          return value;
        }
        case `${YAML_TAG}timestamp`:
          return constructTimestamp(text);
        default:
          if (!plain || text !== '') return this.unsupportedTag(tag, at);
          return this.unsupportedTag(tag, at);
      }
    } catch (error) {
      if (error instanceof YamlError) throw error;
      return this.fail((error as Error).message, at);
    }
  }

  private enter(): void {
    this.depth++;
    if (this.depth > this.maxDepth) this.fail(`lists and mappings are nested more than ${this.maxDepth} levels deep`);
  }

  private leave(): void {
    this.depth--;
  }

  // ----- scalars and flow collections

  /** An alias, a flow collection, a quoted or plain scalar, where block collections are not possible. */
  private flowOrScalar(props: Props | undefined, parent: number, sink?: Sink): Value {
    const c = this.code();
    if (c === 42) {
      if (props) this.fail('an alias cannot have an anchor or a tag');
      return this.alias();
    }
    if (c === 91 || c === 123) return this.withProps(props, () => this.flowCollection(sink));
    if (c === 39) return this.scalarWithProps(props, this.singleQuoted(), false);
    if (c === 34) return this.scalarWithProps(props, this.doubleQuoted(), false);
    if (this.flowLevel === 0) {
      if (isFlowIndicator(c) || c === 35 || c === 96 || c === 64 || c === 37)
        this.fail(`${this.describeHere()} cannot start a value; quote it`);
      if ((c === 63 || c === 58 || c === 45) && isBlankOrEnd(this.code(this.pos + 1)))
        this.fail(`'${String.fromCharCode(c)}' followed by a space cannot start a value here; quote it`);
    }
    return this.scalarWithProps(props, this.plain(parent + 1, false), true);
  }

  /**
   * A plain scalar: in block context it stops at ': ' and ' #' and continues on lines indented at least
   * `minIndent`; in flow context it also stops at , [ ] { }. Line breaks fold as YAML folds them.
   */
  private plain(minIndent: number, singleLine: boolean): string {
    const s = this.s;
    const flow = this.flowLevel > 0;
    let out = '';
    for (;;) {
      const start = this.pos;
      let p = this.pos;
      for (;;) {
        const c = s.charCodeAt(p);
        if (Number.isNaN(c) || isBreak(c)) break;
        if (c === 58) {
          const d = s.charCodeAt(p + 1);
          if (isBlankOrEnd(d) || (flow && isFlowIndicator(d))) break;
        } else if (flow && isFlowIndicator(c)) break;
        else if (c === 32 || c === 9) {
          let w = p + 1;
          while (isBlank(s.charCodeAt(w))) w++;
          const d = s.charCodeAt(w);
          if (d === 35 || Number.isNaN(d) || isBreak(d) || (flow && isFlowIndicator(d))) break;
          if (d === 58 && (isBlankOrEnd(s.charCodeAt(w + 1)) || (flow && isFlowIndicator(s.charCodeAt(w + 1))))) break;
          p = w;
          continue;
        }
        p++;
      }
      out += s.slice(start, p);
      this.pos = p;
      if (singleLine || !isBreak(s.charCodeAt(p))) return out;
      // A line break: the scalar goes on if the next line with text is indented enough and is not a comment.
      const save = { pos: this.pos, line: this.line, lineStart: this.lineStart };
      const first = this.lineBreak();
      const breaks: string[] = [];
      for (;;) {
        while (this.code() === 32 || (this.code() === 9 && (flow || this.column >= minIndent))) this.pos++;
        if (isBreak(this.code())) breaks.push(this.lineBreak());
        else break;
      }
      const c = this.code();
      if (
        Number.isNaN(c) ||
        c === 35 ||
        this.atDocumentMarker() ||
        (!flow && this.column < minIndent) ||
        (flow && (isFlowIndicator(c) || (c === 58 && isBlankOrEnd(this.code(this.pos + 1)))))
      ) {
        this.pos = save.pos;
        this.line = save.line;
        this.lineStart = save.lineStart;
        return out;
      }
      out += fold(first, breaks);
    }
  }

  private singleQuoted(): string {
    const s = this.s;
    const open = this.pos;
    this.pos++;
    let out = '';
    let start = this.pos;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail('a single-quoted string is not closed', open);
      if (c === 39) {
        out += s.slice(start, this.pos);
        if (s.charCodeAt(this.pos + 1) === 39) {
          out += "'";
          this.pos += 2;
          start = this.pos;
          continue;
        }
        this.pos++;
        return out;
      }
      if (c === 32 || c === 9 || isBreak(c)) {
        const ws = this.pos;
        while (isBlank(s.charCodeAt(this.pos))) this.pos++;
        if (isBreak(s.charCodeAt(this.pos))) {
          out += s.slice(start, ws) + this.flowBreaks(open);
          start = this.pos;
        }
        continue;
      }
      this.pos++;
    }
  }

  private doubleQuoted(): string {
    const s = this.s;
    const open = this.pos;
    this.pos++;
    let out = '';
    let start = this.pos;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail('a double-quoted string is not closed', open);
      if (c === 34) {
        out += s.slice(start, this.pos);
        this.pos++;
        return out;
      }
      if (c === 92) {
        out += s.slice(start, this.pos);
        const e = s[this.pos + 1] ?? '';
        const simple = ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          this.pos += 2;
        } else if (e === 'x' || e === 'u' || e === 'U') {
          const length = e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const hex = s.slice(this.pos + 2, this.pos + 2 + length);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length)
            this.fail(`\\${e} needs ${length} hex digits in a double-quoted string`);
          const point = Number.parseInt(hex, 16);
          if (point > 0x10ffff) this.fail(`\\U${hex} is beyond Unicode`);
          out += point <= 0xffff ? String.fromCharCode(point) : String.fromCodePoint(point);
          this.pos += 2 + length;
        } else if (isBreak(s.charCodeAt(this.pos + 1))) {
          // An escaped line break joins the lines; blank lines after it still count.
          this.pos++;
          this.lineBreak();
          const breaks: string[] = [];
          for (;;) {
            this.skipBlanks();
            if (this.atDocumentMarker()) this.fail('a document marker inside a double-quoted string', open);
            if (isBreak(this.code())) breaks.push(this.lineBreak());
            else break;
          }
          out += breaks.join('');
        } else this.fail(`unknown escape '\\${e}' in a double-quoted string`);
        start = this.pos;
        continue;
      }
      if (c === 32 || c === 9 || isBreak(c)) {
        const ws = this.pos;
        while (isBlank(s.charCodeAt(this.pos))) this.pos++;
        if (isBreak(s.charCodeAt(this.pos))) {
          out += s.slice(start, ws) + this.flowBreaks(open);
          start = this.pos;
        }
        continue;
      }
      this.pos++;
    }
  }

  /** Line breaks inside a quoted scalar: folded as YAML folds them; leading blanks of the next lines dropped. */
  private flowBreaks(open: number): string {
    const first = this.lineBreak();
    const breaks: string[] = [];
    for (;;) {
      if (this.atDocumentMarker()) this.fail('a document marker inside a quoted string (is a quote missing?)', open);
      this.skipBlanks();
      if (isBreak(this.code())) breaks.push(this.lineBreak());
      else break;
    }
    return fold(first, breaks);
  }

  /** A literal (`|`) or folded (`>`) block scalar, with PyYAML's indentation and chomping rules. */
  private blockScalar(parent: number): string {
    const s = this.s;
    const folded = this.code() === 62;
    this.pos++;
    let chomp: 'clip' | 'strip' | 'keep' = 'clip';
    let increment: number | undefined;
    for (let i = 0; i < 2; i++) {
      const c = this.code();
      if ((c === 43 || c === 45) && chomp === 'clip') {
        chomp = c === 43 ? 'keep' : 'strip';
        this.pos++;
      } else if (c >= 49 && c <= 57 && increment === undefined) {
        increment = c - 48;
        this.pos++;
      } else if (c === 48) this.fail('the indentation indicator of a block scalar must be 1-9');
    }
    this.skipBlanks();
    if (this.code() === 35) while (!isBreak(this.code()) && !Number.isNaN(this.code())) this.pos++;
    if (!isBreak(this.code()) && !Number.isNaN(this.code()))
      this.fail(`expected a new line after the block scalar indicator, found ${this.describeHere()}`);
    let lineBreak = Number.isNaN(this.code()) ? '' : this.lineBreak();
    const minIndent = Math.max(parent + 1, 1);
    let indent: number;
    let breaks: string[];
    if (increment === undefined) {
      breaks = [];
      let max = 0;
      for (;;) {
        const c = this.code();
        if (c === 32) {
          this.pos++;
          if (this.column > max) max = this.column;
        } else if (isBreak(c)) breaks.push(this.lineBreak());
        else break;
      }
      indent = Math.max(minIndent, max);
    } else {
      indent = minIndent + increment - 1;
      breaks = this.blockBreaks(indent);
    }
    let out = '';
    lineBreak = '';
    while (this.column === indent && !Number.isNaN(this.code())) {
      out += breaks.join('');
      const leadingNonSpace = !isBlank(this.code());
      const start = this.pos;
      while (!isBreak(this.code()) && !Number.isNaN(this.code())) this.pos++;
      out += s.slice(start, this.pos);
      lineBreak = Number.isNaN(this.code()) ? '' : this.lineBreak();
      breaks = this.blockBreaks(indent);
      if (this.column === indent && !Number.isNaN(this.code())) {
        if (folded && lineBreak === '\n' && leadingNonSpace && !isBlank(this.code())) {
          if (breaks.length === 0) out += ' ';
        } else out += lineBreak;
      } else break;
    }
    if (chomp !== 'strip') out += lineBreak;
    if (chomp === 'keep') out += breaks.join('');
    // What follows is less indented: step back to the start of that line's indentation for the caller.
    return out;
  }

  private blockBreaks(indent: number): string[] {
    const breaks: string[] = [];
    while (this.column < indent && this.code() === 32) this.pos++;
    while (isBreak(this.code())) {
      breaks.push(this.lineBreak());
      while (this.column < indent && this.code() === 32) this.pos++;
    }
    return breaks;
  }

  private flowCollection(sink?: Sink): Value {
    const open = this.pos;
    const isSeq = this.code() === 91;
    this.pos++;
    this.flowLevel++;
    this.enter();
    const items: Value[] = [];
    const entries: Mapping = new Map();
    const merges: { value: Value; at: number }[] = [];
    let index = 0;
    for (;;) {
      this.skipToContent();
      const c = this.code();
      if (Number.isNaN(c)) this.fail(`a flow ${isSeq ? 'list' : 'mapping'} is not closed (missing '${isSeq ? ']' : '}'}')`, open);
      if (c === (isSeq ? 93 : 125)) {
        this.pos++;
        break;
      }
      const at = this.pos;
      let key: Value;
      let explicit = false;
      let json = false;
      if (c === 63 && isBlankOrEnd(this.code(this.pos + 1))) {
        this.pos++;
        this.skipToContent();
        explicit = true;
      }
      const k = this.code();
      const closer = isSeq ? 93 : 125;
      json = k === 34 || k === 39 || k === 91 || k === 123;
      if ((explicit && (k === 58 || k === 44 || k === closer)) || (k === 58 && this.valueIndicator(false))) key = null;
      else if (isSeq) key = this.flowNode();
      else key = this.flowKey();
      this.skipToContent();
      let hasValue = false;
      let value: Value = null;
      if (this.code() === 58 && this.valueIndicator(json)) {
        this.pos++;
        hasValue = true;
        this.skipToContent();
        const v = this.code();
        const servers = sink === undefined && !isSeq && this.depth === 1 && key === 'servers' ? this.options.onServer : undefined;
        if (!(v === 44 || v === closer)) value = this.flowNode(servers);
        this.skipToContent();
      }
      if (isSeq) {
        let item: Value = key;
        if (hasValue || explicit) {
          const pair: Mapping = new Map();
          pair.set(this.keyOf(key === MERGE_KEY_VALUE ? '<<' : key, at).text, value);
          this.count++;
          item = pair;
        }
        if (sink) sink(item, index++);
        else items.push(item);
      } else if (key === MERGE_KEY_VALUE) merges.push({ value, at });
      else entries.set(this.keyOf(key, at).text, value);
      const d = this.code();
      if (d === 44) {
        this.pos++;
        continue;
      }
      if (d === (isSeq ? 93 : 125)) continue;
      this.fail(`expected ',' or '${isSeq ? ']' : '}'}' in a flow ${isSeq ? 'list' : 'mapping'}, found ${this.describeHere()}`);
    }
    this.flowLevel--;
    this.leave();
    this.count++;
    if (sink) this.sunk = true;
    if (isSeq) return items;
    return merges.length > 0 ? this.merged(entries, merges) : entries;
  }

  /** ':' as a value indicator inside a flow collection (right after a quoted key or a collection, any ':'). */
  private valueIndicator(json: boolean): boolean {
    const d = this.code(this.pos + 1);
    return json || isBlankOrEnd(d) || isFlowIndicator(d);
  }

  /** A key inside a flow mapping: a plain key is its text as written; `<<` is the merge key. */
  private flowKey(): Value {
    const c = this.code();
    if (c === 38 || c === 33 || c === 42 || c === 34 || c === 39 || c === 91 || c === 123) return this.flowNode();
    const text = this.plain(-1, false);
    this.count++;
    return text === '<<' ? MERGE_KEY_VALUE : text;
  }

  /** A node inside a flow collection. */
  private flowNode(sink?: Sink): Value {
    let props: Props | undefined;
    if (this.code() === 38 || this.code() === 33) {
      props = this.properties();
      this.skipToContent();
      const c = this.code();
      if (c === 44 || c === 93 || c === 125 || (c === 58 && isBlankOrEnd(this.code(this.pos + 1)))) return this.empty(props);
    }
    const c = this.code();
    if (c === 45 && isBlankOrEnd(this.code(this.pos + 1))) this.fail("a block list item ('- ') inside a flow collection");
    return this.flowOrScalar(props, -1, sink);
  }
}

interface Props {
  at: number;
  anchor?: string;
  tag?: string;
}

interface Key {
  text: string;
  merge: boolean;
}

/** Stands for the `<<` key inside flow mappings while the pairs are read. */
const MERGE_KEY_VALUE = '\u0000<<merge>>\u0000';

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};

/** YAML line folding: one line break is a space; with blank lines after it, the blank lines' breaks. */
function fold(first: string, breaks: string[]): string {
  const lead = first !== '\n' ? first : breaks.length > 0 ? '' : ' ';
  return lead + breaks.join('');
}

function decodeURIComponentSafe(tag: string): string {
  try {
    return decodeURIComponent(tag);
  } catch {
    return tag;
  }
}
