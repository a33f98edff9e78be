// File paths as people give them in a terminal: typed (`~/docs/a.pdf`, relative to the working
// directory), pasted, or dropped onto the window, which terminals send quoted ('/a b/c.pdf', as
// GNOME Terminal does), backslash-escaped (/a\ b/c.pdf, as iTerm2 and Terminal.app do) or as file://
// URLs, several separated by spaces. Tab completes the path being typed. Pure: the file system comes
// in as functions.
// Not `import`: see tty.ts (an ES module facade of a builtin costs the first frame).
const { isAbsolute, join, resolve } = process.getBuiltinModule('node:path');

export interface PathEnv {
  home: string;
  cwd: string;
}

export type ParsedPaths = { ok: true; paths: string[] } | { ok: false; error: 'quote' };

/** Expands a leading `~` (the home directory) and makes the path absolute from the working directory. */
export function absolutePath(path: string, env: PathEnv, tilde = true): string {
  let p = path;
  if (tilde && (p === '~' || p.startsWith('~/'))) p = join(env.home, p.slice(1));
  return isAbsolute(p) ? resolve(p) : resolve(env.cwd, p);
}

interface Word {
  text: string;
  /** The word began with an unquoted `~` (so it means the home directory). */
  tilde: boolean;
}

/**
 * Splits a line into shell-style words: '...' is literal, "..." takes \" \\ \$ \` escapes, a backslash
 * outside quotes escapes the next character. `open` is set when the line ends inside a quote.
 */
export function splitWords(line: string): { words: Word[]; open: "'" | '"' | null } {
  const words: Word[] = [];
  let word: Word | null = null;
  let quote: "'" | '"' | null = null;
  const add = (c: string) => {
    word ??= { text: '', tilde: false };
    word.text += c;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else add(c);
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) add(line[++i]!);
      else add(c);
    } else if (c === "'" || c === '"') {
      word ??= { text: '', tilde: false };
      quote = c;
    } else if (c === '\\') {
      if (i + 1 < line.length) add(line[++i]!);
    } else if (/\s/.test(c)) {
      if (word) words.push(word);
      word = null;
    } else {
      if (!word && c === '~') word = { text: '', tilde: true };
      add(c);
    }
  }
  if (word) words.push(word);
  return { words, open: quote };
}

function fileUrlPath(word: string): string | null {
  if (!/^file:\/\//i.test(word)) return null;
  try {
    return decodeURIComponent(new URL(word).pathname);
  } catch {
    return null;
  }
}

/**
 * The absolute paths in what was typed, pasted or dropped (one or more per line). A line that names an
 * existing file as it stands ("my report.pdf", typed without quotes) is that one path.
 */
export function parsePaths(text: string, env: PathEnv, exists: (abs: string) => boolean): ParsedPaths {
  const paths: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const whole = absolutePath(line, env);
    if (exists(whole)) {
      paths.push(whole);
      continue;
    }
    const { words, open } = splitWords(line);
    if (open) return { ok: false, error: 'quote' };
    for (const w of words) {
      const url = fileUrlPath(w.text);
      paths.push(url ?? absolutePath(w.text, env, w.tilde));
    }
  }
  return { ok: true, paths };
}

/** A path written so splitWords reads it back as one word (spaces, quotes and backslashes escaped). */
export function escapePath(path: string): string {
  return path.replace(/[\s'"\\]/g, (c) => `\\${c}`);
}

export interface Completion {
  /** The new text and cursor (the word before the cursor replaced by its completion). */
  text: string;
  cursor: number;
  /** Names that still match when more than one does (directories end in '/'). */
  candidates: string[];
}

/**
 * Completes the path before the cursor from the directory it names: one match is filled in (a
 * directory gets its '/'), several are filled in as far as they agree and listed. Null when nothing
 * matches.
 */
export function completePath(
  text: string,
  cursor: number,
  env: PathEnv,
  list: (dir: string) => { name: string; dir: boolean }[],
): Completion | null {
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const before = text.slice(lineStart, cursor);
  // The word being typed starts after the last space that is neither escaped nor quoted.
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (/\s/.test(c)) start = i + 1;
  }
  const rawWord = before.slice(start);
  const { words } = splitWords(rawWord);
  const word = words[0] ?? { text: '', tilde: false };
  const typed = word.text;
  const slash = typed.lastIndexOf('/');
  const dirPart = slash >= 0 ? typed.slice(0, slash + 1) : '';
  const prefix = typed.slice(slash + 1);
  const dirAbs = dirPart === '' ? env.cwd : absolutePath(dirPart, env, word.tilde);
  const matches = list(dirAbs)
    .filter((e) => e.name.startsWith(prefix) && (prefix.startsWith('.') || !e.name.startsWith('.')))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (matches.length === 0) return null;
  let name = matches[0]!.name;
  for (const m of matches) {
    let n = 0;
    while (n < name.length && n < m.name.length && name[n] === m.name[n]) n++;
    name = name.slice(0, n);
  }
  const single = matches.length === 1;
  const suffix = single && matches[0]!.dir ? '/' : '';
  // Keep "~/" as typed; escape the rest so the word reads back the same.
  const home = word.tilde && dirPart.startsWith('~') ? '~' : '';
  let completed = home + escapePath(dirPart.slice(home.length) + name) + suffix;
  if (!home && completed.startsWith('~')) completed = `\\${completed}`; // a literal ~ stays literal
  const newText = text.slice(0, lineStart + start) + completed + text.slice(cursor);
  return {
    text: newText,
    cursor: lineStart + start + completed.length,
    candidates: single ? [] : matches.map((m) => m.name + (m.dir ? '/' : '')),
  };
}
