// Not `import`: see main.ts (node:fs's facade loads fs.promises and the stream classes).
const { readFileSync } = process.getBuiltinModule('node:fs');

/** Why a file could not be used; the verb prints it and exits 2. */
export class UnreadableError extends Error {}

/**
 * Reads a JSON file (or standard input for "-"), with messages that say what to fix, in the run's
 * language (`locale`: the verb's --locale or its default; English when none).
 */
export async function readJsonFile(path: string, locale: 'ja' | 'en' = 'en'): Promise<unknown> {
  // The messages load only when there is something to say (start-up reads no catalog).
  const words = async () => {
    const { format, terminalWords } = await import('@formrequest/schema/messages');
    return { format, m: terminalWords(locale) };
  };
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const { format, m } = await words();
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? m.inputMissing : code === 'EISDIR' ? m.inputIsDirectory : (error as Error).message;
    throw new UnreadableError(format(m.inputUnreadable, { path, why }));
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const { format, m } = await words();
    throw new UnreadableError(format(m.inputNotJson, { path, detail: (error as Error).message }));
  }
}

/** The form of a file: the schema itself, or the `form_schema` of a request_form call input. */
export function formSchemaOf(input: unknown): unknown {
  if (input && typeof input === 'object' && 'form_schema' in input && !('fields' in input))
    return (input as { form_schema: unknown }).form_schema;
  return input;
}
