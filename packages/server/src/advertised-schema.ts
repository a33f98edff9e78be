// The SDK advertises a tool's `inputSchema` from a Standard Schema object. We hand it our own JSON
// Schema and accept every value, so the tool handler checks the input itself and answers with the
// seed's wording (`isError: true`) instead of the SDK's generic `Input validation error`.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

export function advertisedSchema<T = Record<string, unknown>>(
  jsonSchema: Record<string, unknown>,
): StandardSchemaWithJSON<T, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'formrequest',
      validate: (value: unknown) => ({ value: value as T }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}
