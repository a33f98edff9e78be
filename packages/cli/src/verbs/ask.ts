import { err, out, type Printer } from '../output.js';
import { formSchemaOf, readJsonFile, UnreadableError } from '../read-input.js';
import { parseFlags, UsageError, type Verb } from '../verb.js';

/** Exit codes of `formrequest ask` (also in packages/terminal/README.md). */
export const ASK_EXIT = { submitted: 0, badInput: 2, cancelled: 3, noTerminal: 4 } as const;

const usage = `Usage: formrequest ask FILE [--locale ja|en] [--base-url URL] [--fullscreen] [--plain]

Fills the form of FILE (a form schema of the request_form vocabulary, or {"form_schema": {...}}; "-"
reads it from stdin) in the terminal and prints the answers JSON (the next user message of the
answer contract) on stdout. The schema's warnings (unknown properties, what was normalised) go to
stderr after the prompt.

The form draws below the shell prompt and leaves the answers in the scrollback; a step that needs
more room than the terminal has uses the whole screen. When stdout is captured or stdin is the file,
it uses the terminal (/dev/tty) directly.

Options:
  --locale ja|en    language of the screen and messages (default: the form's locale, else its words' language, else ja)
  --base-url URL    base for relative searchUrl / loadUrl values (e.g. http://127.0.0.1:3000)
  --fullscreen      draw on the alternate screen instead (nothing is left in the scrollback)
  --plain           plain lines: no colour, no cursor moves (the default where TERM is dumb or unset)

Exit codes: 0 submitted · 2 invalid schema or unreadable file (the tool's messages on stderr)
            3 cancelled (the cancel message on stdout) · 4 no terminal (NO_UI)`;

const verb: Verb = {
  summary: 'fill a form in the terminal and print the answers JSON',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      locale: { type: 'string' },
      'base-url': { type: 'string' },
      fullscreen: { type: 'boolean' },
      plain: { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new UsageError('give exactly one FILE.');
    const locale = values.locale;
    if (locale !== undefined && locale !== 'ja' && locale !== 'en') {
      throw new UsageError(`--locale must be ja or en (got '${locale}').`);
    }
    const baseUrl = values['base-url'];
    if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
      throw new UsageError(
        `--base-url must be an absolute http:// or https:// URL such as http://127.0.0.1:3000, not '${baseUrl}'.`,
      );
    }
    let input: unknown;
    try {
      input = await readJsonFile(positionals[0]!, locale ?? 'ja');
    } catch (error) {
      if (!(error instanceof UnreadableError)) throw error;
      // A JSON syntax message quotes the file: printed like everything else.
      err.write(`formrequest ask: ${error.message}\n`);
      return ASK_EXIT.badInput;
    }
    // One bundle: the form flow and the words printed here (no module graph to resolve at start-up).
    const { askForm, formatIssues } = await import('@formrequest/terminal/ask');
    const result = await askForm(formSchemaOf(input), {
      locale,
      baseUrl,
      stdinIsData: positionals[0] === '-',
      display: values.plain ? 'plain' : values.fullscreen ? 'fullscreen' : undefined,
    });
    // Messages quote the form (labels, values); the answers JSON stays JSON with the same values.
    const write = (stream: Printer, text: string) => stream.write(`${text}\n`);
    // Warnings are for whoever wrote the form: on stderr, after the prompt (each says "Warning:" itself).
    if (result.warnings.length) write(err, formatIssues(result.warnings));
    switch (result.status) {
      case 'submitted':
        write(out, result.message);
        return ASK_EXIT.submitted;
      case 'cancelled':
        write(out, result.message);
        return ASK_EXIT.cancelled;
      case 'invalid':
        write(err, result.message);
        return ASK_EXIT.badInput;
      case 'no-ui':
        write(err, result.message);
        return ASK_EXIT.noTerminal;
    }
  },
};

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

export default verb;
