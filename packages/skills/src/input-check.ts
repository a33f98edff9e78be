// Arguments checked against a tool's input schema before `formrequest call` sends them, so a model
// learns which parameter is wrong, and how, from one message with paths (`arguments.steps: must be <=
// 100, got 500`). The engine is the Ajv the MCP SDK client ships (validators/ajv), lenient about
// keywords it does not know (the server checks again anyway); a schema's `pattern` runs on the
// linear-time engine of @formrequest/schema, so a server's pattern cannot hang the command (a pattern
// outside that engine's syntax is left to the server).
import { compilePattern } from '@formrequest/schema/pattern';
import { Ajv, addFormats } from '@modelcontextprotocol/client/validators/ajv';
import { schemaPath } from './paths.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  data?: unknown;
}

/** Ajv's RegExp engine: `test` on our linear-time matcher; `toString` keys Ajv's cache by source. */
function safePattern(source: string): { test(text: string): boolean; toString(): string } {
  let test: (text: string) => boolean;
  try {
    const compiled = compilePattern(source);
    test = (text) => compiled.test(text);
  } catch {
    test = () => true;
  }
  return { test, toString: () => `/${source}/` };
}

let engine: InstanceType<typeof Ajv> | undefined;

function ajv(): InstanceType<typeof Ajv> {
  if (!engine) {
    engine = new Ajv({
      strict: false,
      validateSchema: false,
      allErrors: true,
      verbose: true,
      code: { regExp: safePattern as never },
    });
    addFormats(engine);
  }
  return engine;
}

/** `/a/0/b` (a JSON pointer into the arguments) as `arguments.a[0].b`. */
function pathOf(pointer: string): string {
  let path = 'arguments';
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path = /^\d+$/.test(key) ? `${path}[${key}]` : schemaPath(path, key);
  }
  return path;
}

/** A value as JSON, cut to about 80 characters (a long string keeps its quotes). */
const shown = (value: unknown): string => {
  if (typeof value === 'string' && value.length > 77) return `${JSON.stringify(value.slice(0, 77))}...`;
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

function sentence(error: AjvError): string {
  const at = pathOf(error.instancePath);
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `${schemaPath(at, String(p.missingProperty))}: required, missing`;
    case 'additionalProperties':
      return `${schemaPath(at, String(p.additionalProperty))}: not a parameter the schema allows here`;
    case 'enum':
      return `${at}: must be one of ${(p.allowedValues as unknown[]).map(shown).join(', ')}, got ${shown(error.data)}`;
    case 'const':
      return `${at}: must be ${shown(p.allowedValue)}, got ${shown(error.data)}`;
    case 'type':
      return `${at}: must be ${String(p.type).replace(/,/g, ' or ')}, got ${error.data === null ? 'null' : Array.isArray(error.data) ? 'a list' : typeof error.data === 'object' ? 'an object' : `${typeof error.data} ${shown(error.data)}`}`;
    default:
      return `${at}: ${error.message ?? error.keyword}${error.data !== undefined && typeof error.data !== 'object' ? `, got ${shown(error.data)}` : ''}`;
  }
}

/**
 * The problems of `args` under `schema`, one sentence each with its path (empty: they fit). A schema
 * the engine cannot compile is not held against the arguments: the server is the judge then.
 */
export function checkArguments(schema: unknown, args: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  let validate: ReturnType<InstanceType<typeof Ajv>['compile']>;
  try {
    validate = ajv().compile(schema as object);
  } catch {
    return [];
  }
  if (validate(args)) return [];
  const errors = (validate.errors ?? []) as AjvError[];
  // oneOf/anyOf report every branch's failure and then their own; the branches say more.
  const lines = errors.filter((e) => e.keyword !== 'if').map(sentence);
  return [...new Set(lines)];
}
