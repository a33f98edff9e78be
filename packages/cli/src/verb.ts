/** One `formrequest <verb>`: a one-line summary for `--help`, its usage text, and the code to run it. */
export interface Verb {
  summary: string;
  usage: string;
  /** Runs the verb with the arguments after its name; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

/** An error in how the command was called: printed with the verb's usage, exit code 2. */
export class UsageError extends Error {}
