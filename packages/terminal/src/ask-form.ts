// A whole form of the 18-type vocabulary in the terminal: check the schema, run the form flow, and
// answer with the answer contract (submitMessage / cancelMessage).
import {
  type Answers,
  cancelMessage,
  type FormSchema,
  formatIssues,
  formatQuestionError,
  type Issue,
  type Locale,
  questionError,
  submitMessage,
  validateFormSchema,
} from '@formrequest/schema';
import type { FileSystem } from './fields/index.js';
import { createForm, formLayout, formUpdate } from './form-flow.js';
import { formTranscript, formView } from './form-view.js';
import { say, words } from './messages.js';
import { type Display, runPrompt } from './session.js';
import { type PromptStreams, promptTerminal } from './tty.js';
import { loadWidthsSoon } from './width.js';

// Not `import ... from 'node:fs'` (and os, path): see tty.ts (the facades cost the first frame).
const { readdirSync, readFileSync, statSync } = process.getBuiltinModule('node:fs');
const { homedir } = process.getBuiltinModule('node:os');
const { resolve } = process.getBuiltinModule('node:path');

/**
 * `input` / `output`: where keys come from and the form is drawn. By default stdin and stdout when
 * they are a terminal, else the controlling terminal (/dev/tty) for the one that is not, as fzf does.
 */
export interface AskFormOptions extends PromptStreams {
  /** 'inline' (default): below the prompt, a transcript left in the scrollback; 'fullscreen'. */
  display?: Display;
  signal?: AbortSignal;
  /** Screen and message language; defaults to the schema's `locale`, then 'ja'. */
  locale?: Locale;
  /** Base for relative searchUrl / loadUrl values such as /api/demo/users. */
  baseUrl?: string;
  /** Directory that relative file paths are read from (default: the working directory). */
  cwd?: string;
  /** What `~` in a file path means (default: the user's home directory). */
  home?: string;
  now?: Date;
  color?: boolean;
  /** How remote options are fetched (default: global fetch, JSON body). */
  load?: (url: string, signal: AbortSignal) => Promise<unknown>;
}

/**
 * `warnings`: the schema checker's warnings and normalisation notes (each message already starts with
 * its "Warning:" word), for whoever wrote the form; the form was shown all the same.
 */
export type AskFormResult = (
  | { status: 'submitted'; values: Answers; message: string }
  | { status: 'cancelled'; message: string }
  | { status: 'invalid'; errors: Issue[]; message: string }
  | { status: 'no-ui'; message: string }
) & { warnings: Issue[] };

/** How long one load or search may take, headers and body, as the web renderer's (10 s). */
export const LOAD_TIMEOUT_MS = 10_000;

/**
 * Fetches JSON within `timeoutMs`; a failure names its real cause in a few words (no answer in time,
 * refused, the HTTP status, not JSON; never the body, which is untrusted).
 */
export function fetchJson(locale: Locale, timeoutMs = LOAD_TIMEOUT_MS) {
  return async (url: string, signal: AbortSignal): Promise<unknown> => {
    const m = words(locale);
    const host = new URL(url).host;
    const timeout = AbortSignal.timeout(timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    const timedOut = () => new Error(say(m.timedOut, { host, s: timeoutMs / 1000 }));
    let text: string;
    let status: number;
    try {
      const response = await fetch(url, { signal: both, headers: { accept: 'application/json' } });
      status = response.status;
      text = response.ok ? await response.text() : '';
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted) throw timedOut();
      // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, ...) is in its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (cause?.code === 'ECONNREFUSED') throw new Error(say(m.refused, { host }));
      throw new Error(say(m.unreachable, { host, why: cause?.code ?? cause?.message ?? String(error) }));
    }
    if (status < 200 || status > 299) throw new Error(say(m.httpStatus, { status }));
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(m.notJson);
    }
  };
}

/** The real file system (paths come in absolute; see fields/paths.ts). */
function localFiles(cwd: string): FileSystem {
  return {
    stat(path) {
      try {
        const st = statSync(resolve(cwd, path));
        return st.isDirectory() ? 'dir' : { size: st.size };
      } catch {
        return null;
      }
    },
    read: (path) => readFileSync(resolve(cwd, path)),
    list(dir) {
      try {
        return readdirSync(resolve(cwd, dir), { withFileTypes: true }).map((d) => ({
          name: d.name,
          dir: d.isDirectory() || (d.isSymbolicLink() && isDir(resolve(cwd, dir, d.name))),
        }));
      } catch {
        return [];
      }
    },
  };
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export async function askForm(input: unknown, opts: AskFormOptions = {}): Promise<AskFormResult> {
  const check = validateFormSchema(input, { locale: opts.locale });
  if (!check.ok || !check.schema)
    return {
      status: 'invalid',
      errors: check.errors,
      message: formatIssues(check.errors),
      warnings: check.warnings,
    };
  const warnings = check.warnings;
  const schema: FormSchema = check.schema;
  const locale = opts.locale ?? schema.locale ?? 'ja';
  const terminal = promptTerminal(opts);
  // No terminal: the NO_UI message (what happened and how to recover), never the cancel message.
  if (!terminal)
    return {
      status: 'no-ui',
      message: formatQuestionError(questionError('NO_UI', { locale }), locale),
      warnings,
    };
  const cwd = opts.cwd ?? process.cwd();
  const form = createForm(schema, {
    locale,
    now: opts.now,
    baseUrl: opts.baseUrl,
    load: opts.load ?? fetchJson(locale),
    files: localFiles(cwd),
    home: opts.home ?? homedir(),
    cwd,
  });
  const outcome = await runPrompt(
    terminal,
    { signal: opts.signal, color: opts.color, display: opts.display, locale },
    {
      update: (e) => formUpdate(form, e),
      view: (width, height) => {
        formLayout(form, height);
        const frame = formView(form, width, height);
        formLayout(form, height, frame.page);
        return frame;
      },
      status: () => form.status,
      attach: (redraw) => {
        form.changed = redraw;
      },
      transcript: (width, outcome) => formTranscript(form, width, outcome),
    },
    // The first frame is on screen: exact widths load a moment later (measured per grapheme until then).
    loadWidthsSoon,
  );
  form.changed = () => {};
  if (outcome === 'submitted' && form.result) {
    return {
      status: 'submitted',
      values: form.result,
      message: submitMessage(schema, form.result),
      warnings,
    };
  }
  return { status: 'cancelled', message: cancelMessage(locale), warnings };
}
