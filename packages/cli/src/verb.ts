import type { ParseArgsConfig } from 'node:util';

// Not `import`: see main.ts (node:util's facade loads its diff and colour modules).
const { parseArgs } = process.getBuiltinModule('node:util');

/** One `formrequest <verb>`: a one-line summary for `--help`, its usage text, and the code to run it. */
export interface Verb {
  summary: string;
  usage: string;
  /** Runs the verb with the arguments after its name; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

/** An error in how the command was called: printed with the verb's usage, exit code 2. */
export class UsageError extends Error {}

/**
 * parseArgs with strict checking: an unknown flag throws, and main() prints it with the verb's usage.
 * An empty value (`--out ''`, `--config=`) is refused too: no flag takes one, and `--out ''` would
 * otherwise write into the current directory. Verbs import it from here rather than from main.ts.
 */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  allowPositionals = true,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>> {
  const parsed = parseArgs({ args, options, allowPositionals, strict: true });
  for (const [name, value] of Object.entries(parsed.values)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.trim() === '')) {
      throw new UsageError(
        `--${name} needs a value; an empty one is not a ${name === 'out' ? 'path' : 'value'}.`,
      );
    }
  }
  return parsed;
}

/** A `--port` value: a whole number from 0 (any free port) to 65535. */
export function parsePort(text: string, flag = '--port'): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`${flag} must be a number from 0 to 65535, not '${text}'.`);
  return port;
}
