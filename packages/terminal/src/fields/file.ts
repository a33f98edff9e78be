// file: paths typed, pasted or dropped (see paths.ts), Tab completion, the limits in KB / MB. Size and
// `accept` are checked before a file is read; the answer is {name, type, size, data} with a base64
// data URL, and the review shows each name with its size.
import { formatBytes, validateField } from '@formrequest/schema';
import { createEditor, type EditorState } from '../editor.js';
import { drawEditor } from '../editor-view.js';
import { say, words } from '../messages.js';
import { typeInto } from './editing.js';
import { completePath, escapePath, parsePaths } from './paths.js';
import { type FieldContext, widget } from './types.js';

// Not `import`: see tty.ts (an ES module facade of a builtin costs the first frame).
const { basename } = process.getBuiltinModule('node:path');

interface FileState {
  editor: EditorState;
  /** What the last Tab found when several names matched. */
  candidates: string[];
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  xml: 'application/xml',
  zip: 'application/zip',
};

/** The MIME type a file name suggests (what a browser would send for it). */
export function mimeType(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

type Ctx = FieldContext<'file'>;

const multiple = (ctx: Ctx) => ctx.field.multiple === true;

type Answer = { value: unknown; labels: string[]; source: string } | { error: string };

/** Turns the typed paths into the answer, or a message saying which path is wrong and why. */
function readPaths(ctx: Ctx, text: string): Answer {
  const m = words(ctx.locale);
  const parsed = parsePaths(text, ctx, (abs) => ctx.files.stat(abs) !== null);
  if (!parsed.ok) return { error: m.fileQuote };
  const paths = parsed.paths;
  if (paths.length === 0) return { value: undefined, labels: [], source: '' };
  if (!multiple(ctx) && paths.length > 1) return { error: say(m.fileOnlyOne, { n: paths.length }) };
  const found: { path: string; name: string; type: string; size: number }[] = [];
  for (const path of paths) {
    const st = ctx.files.stat(path);
    if (st === null) return { error: say(m.fileNotFound, { path }) };
    if (st === 'dir') return { error: say(m.fileIsDirectory, { path }) };
    const name = basename(path);
    found.push({ path, name, type: mimeType(name), size: st.size });
  }
  // Size and type first: a 2 GB file is refused without being read.
  const probe = found.map((f) => ({ name: f.name, type: f.type, size: f.size, data: 'data:,' }));
  const message = validateField(ctx.field, multiple(ctx) ? probe : probe[0], {
    locale: ctx.locale,
    now: ctx.now,
  });
  if (message) return { error: message };
  const files = [];
  for (const f of found) {
    let data: Buffer;
    try {
      data = ctx.files.read(f.path);
    } catch (error) {
      return {
        error: say(m.fileUnreadable, {
          path: f.path,
          why: (error as NodeJS.ErrnoException).code ?? String(error),
        }),
      };
    }
    files.push({
      name: f.name,
      type: f.type,
      size: f.size,
      data: `data:${f.type};base64,${data.toString('base64')}`,
    });
  }
  return {
    value: multiple(ctx) ? files : files[0],
    labels: files.map((f) => `${f.name} (${formatBytes(f.size)})`),
    source: found.map((f) => escapePath(f.path)).join(multiple(ctx) ? '\n' : ' '),
  };
}

export const file = widget<'file', FileState>({
  create: (ctx) => ({ editor: createEditor(ctx.source() ?? ''), candidates: [] }),

  update(ctx, w, e) {
    if (e.type === 'key' && e.name === 'tab' && !e.shift) {
      const done = completePath(w.editor.text, w.editor.cursor, ctx, (dir) => ctx.files.list(dir));
      if (!done) {
        w.candidates = [];
        ctx.setNotice(words(ctx.locale).noCompletion);
        return;
      }
      w.editor = { text: done.text, cursor: done.cursor };
      w.candidates = done.candidates;
      ctx.setError(null);
      return;
    }
    w.candidates = [];
    const r = typeInto(ctx, w.editor, e, { multiline: multiple(ctx) });
    if (r.kind === 'edit') w.editor = r.editor;
    else if (r.kind === 'submit') {
      const answer = readPaths(ctx, w.editor.text);
      if ('error' in answer) ctx.setError(answer.error);
      else ctx.commit(answer.value, multiple(ctx) ? answer.labels : answer.labels[0], answer.source);
    }
  },

  draw(ctx, w, fb) {
    const m = words(ctx.locale);
    const f = ctx.field;
    const parts = [multiple(ctx) ? m.filePaths : m.filePath];
    if (typeof f.accept === 'string' && f.accept) parts.push(say(m.fileAccept, { accept: f.accept }));
    if (typeof f.maxSize === 'number') parts.push(say(m.fileMax, { size: formatBytes(f.maxSize) }));
    fb.text(parts.join(' · '), 'dim');
    drawEditor(fb, w.editor, [{ text: '> ', style: 'accent' }], '');
    const cursor = fb.cursor;
    const focus = fb.focusRow;
    if (w.candidates.length) {
      fb.item(
        [{ text: `${say(m.completions, { n: w.candidates.length })}: `, style: 'dim' }],
        w.candidates.join('  '),
        'plain',
        {
          maxRows: 4,
        },
      );
    }
    fb.cursor = cursor;
    fb.focusRow = focus;
  },

  keys(ctx) {
    const k = words(ctx.locale);
    return multiple(ctx) ? [k.keyNext, k.keyNewline, k.keyComplete] : [k.keyNext, k.keyComplete];
  },

  dirty: (ctx, w) => w.editor.text.trim() !== (ctx.source() ?? '').trim(),
});
