// Everything a verb prints goes through here: text quoting a schema, a catalog, a server's reply or a
// search result never writes an escape sequence, a control or a bidi control to the terminal (the
// shared cleaner of @formrequest/schema/printable shows them as \u escapes; JSON stays the same value).
import { printableJson, printableText } from '@formrequest/schema/printable';

export interface Printer {
  /** Writes `text` with every control (but line breaks and tabs) shown as an escape. */
  write(text: string): void;
  /** Writes `value` as indented JSON and a line break, controls and bidi controls as \u escapes. */
  json(value: unknown): void;
}

function printer(stream: NodeJS.WriteStream): Printer {
  return {
    write: (text) => void stream.write(printableText(text)),
    json: (value) => void stream.write(`${printableJson(value)}\n`),
  };
}

/** The verbs' standard output. */
export const out: Printer = printer(process.stdout);
/** The verbs' standard error. */
export const err: Printer = printer(process.stderr);
