import { readFileSync } from 'node:fs';

/** Why a file could not be used; the verb prints it and exits 2. */
export class UnreadableError extends Error {}

/** Reads a JSON file (or standard input for "-"), with messages that say what to fix. */
export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new UnreadableError(`cannot read ${path}: ${why}.`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UnreadableError(
      `${path} is not valid JSON: ${(error as Error).message}. Check the quotes, commas and brackets.`,
    );
  }
}

/** The form of a file: the schema itself, or the `form_schema` of a request_form call input. */
export function formSchemaOf(input: unknown): unknown {
  if (input && typeof input === 'object' && 'form_schema' in input && !('fields' in input))
    return (input as { form_schema: unknown }).form_schema;
  return input;
}
