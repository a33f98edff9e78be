// Lazy mode (seed 003): every tool as `{description, required, parameters}`, each parameter with
// `type` (default `any`) and `description` (default `""`) first and EVERY other key of its schema
// after them, unchanged and in the schema's order. Written as YAML that PyYAML and YAML 1.2 readers
// both read back to exactly these values (data/yaml-write.ts).
import {
  type CatalogTool,
  inputSchemaOf,
  PARAMETER_LIST_KEYS,
  propertiesOf,
  type Schema,
} from './catalog.js';
import { isMapping, type Mapping, sameValue, type Value } from './data/value.js';
import { writeMapping, writeYaml, yamlScalar } from './data/yaml-write.js';

/**
 * One parameter as the seed writes it. A boolean schema has no keys: `true` (anything) is
 * `{type: any}`, `false` (no value allowed) is `{type: never}`.
 */
export function lazyParameter(spec: Schema): Mapping {
  if (typeof spec === 'boolean') {
    return new Map<string, Value>([
      ['type', spec ? 'any' : 'never'],
      ['description', spec ? '' : 'must not be given (its schema is false)'],
    ]);
  }
  const param: Mapping = new Map([
    ['type', spec.has('type') ? spec.get('type')! : 'any'],
    ['description', spec.has('description') ? spec.get('description')! : ''],
  ]);
  for (const [key, value] of spec) if (key !== 'type' && key !== 'description') param.set(key, value);
  return param;
}

/**
 * The seed's `convert_tools_to_yaml_dict()` entry of one tool: description, required, parameters;
 * beyond the seed, the input schema's other keys (`$defs`, `additionalProperties` …) under `schema`.
 */
export function lazyTool(tool: CatalogTool): Mapping {
  const schema = inputSchemaOf(tool);
  const parameters: Mapping = new Map();
  for (const [name, spec] of propertiesOf(schema)) parameters.set(name, lazyParameter(spec));
  const entry: Mapping = new Map<string, Value>([
    ['description', tool.data.has('description') ? tool.data.get('description')! : ''],
    ['required', schema.has('required') ? schema.get('required')! : []],
    ['parameters', parameters],
  ]);
  // An input schema whose type is not 'object' is a defect the catalog check reports, so `type` here is safe to drop.
  const rest: Mapping = new Map([...schema].filter(([key]) => !PARAMETER_LIST_KEYS.has(key)));
  if (rest.size > 0) entry.set('schema', rest);
  return entry;
}

/** Every tool's lazy entry, keyed by tool name in catalog order (a Map: a tool named `123` stays in its place). */
export function lazyTools(tools: CatalogTool[]): Mapping {
  return new Map(tools.map((tool) => [tool.name, lazyTool(tool)]));
}

/**
 * The YAML text of the lazy entries, as the seed prints it: two-space indent, block style, a blank
 * line between parameters and between tools, no line folding, Unicode as is.
 */
export function lazyYaml(tools: CatalogTool[]): string {
  return entriesYaml(tools.map((tool) => [tool.name, lazyTool(tool)])).text;
}

/** The YAML of some lazy entries, and the line (1-based) where each entry starts. */
function entriesYaml(entries: [string, Mapping][]): { text: string; lines: number[] } {
  const out: string[] = [];
  const lines: number[] = [];
  let line = 1;
  const count = (from: number) => {
    for (let i = from; i < out.length; i++) for (const c of out[i]!) if (c === '\n') line++;
  };
  entries.forEach(([name, entry], t) => {
    const from = out.length;
    if (t > 0) out.push('\n');
    count(from);
    lines.push(line);
    const start = out.length;
    out.push(`${yamlKey(name)}:\n`);
    for (const [key, value] of entry) {
      if (key === 'parameters' && value instanceof Map && value.size > 0) {
        out.push('  parameters:\n');
        writeMapping(value as Mapping, 4, out, true);
      } else writeMapping(new Map([[key, value]]), 2, out);
    }
    count(start);
  });
  return { text: out.join(''), lines };
}

function yamlKey(name: string): string {
  const text = yamlScalar(name);
  return text.length > 1000 ? `? ${text}\n` : text;
}

// ----- large servers: an index, one file per tool, shared definitions once

export const TOOLS_YAML = 'references/tools.yaml';
/**
 * A tools.yaml longer than this is split into one file per tool: every file an agent reads then
 * stays well within a 2,000-line read window (Claude Code's Read), with room for the largest tools.
 */
export const SPLIT_LINES = 1500;
const DEFINITION_KEYS = ['$defs', 'definitions'] as const;

/** Where an agent finds a tool's entry: the file (relative to the skill) and, in tools.yaml, its line. */
export interface ToolPlace {
  file: string;
  line?: number;
}

export interface LazyReferences {
  files: { path: string; content: string }[];
  /** By tool name, in catalog order. */
  index: Map<string, ToolPlace>;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * The reference files of a lazy skill. Up to SPLIT_LINES lines: the seed's references/tools.yaml,
 * indexed by line. Beyond: references/tools/<tool>.yaml per tool, and every definition that several
 * tools carry alike (`$defs`/`definitions`, as OpenAPI and Pydantic converters copy them into each
 * tool) written once in references/defs.yaml (split per definition too when that is long); each tool
 * file names, in a comment, the shared definitions its `$ref`s point at and where they are.
 */
export function lazyReferences(tools: CatalogTool[]): LazyReferences {
  const entries: [string, Mapping][] = tools.map((tool) => [tool.name, lazyTool(tool)]);
  const whole = entriesYaml(entries);
  if (lineCount(whole.text) <= SPLIT_LINES) {
    return {
      files: [{ path: TOOLS_YAML, content: whole.text }],
      index: new Map(entries.map(([name], i) => [name, { file: TOOLS_YAML, line: whole.lines[i] }])),
    };
  }
  const shared = sharedDefinitions(entries.map(([, entry]) => entry));
  const files: LazyReferences['files'] = [];
  const defsFile = new Map<string, string>(); // `$defs/Name` -> file
  const defs: Mapping = new Map();
  for (const [key, byName] of shared) defs.set(key, byName);
  const defsText = defs.size > 0 ? writeYaml(defs) : '';
  if (defs.size > 0 && lineCount(defsText) <= SPLIT_LINES) {
    files.push({ path: 'references/defs.yaml', content: defsText });
    for (const [key, byName] of shared)
      for (const name of byName.keys()) defsFile.set(`${key}/${name}`, 'references/defs.yaml');
  } else if (defs.size > 0) {
    const names = fileNames(
      [...shared].flatMap(([key, byName]) =>
        [...byName.keys()].map((name) => `${key === '$defs' ? '' : 'definitions-'}${name}`),
      ),
    );
    let i = 0;
    for (const [key, byName] of shared) {
      for (const [name, value] of byName) {
        const path = `references/defs/${names[i++]}.yaml`;
        files.push({ path, content: writeYaml(new Map([[key, new Map([[name, value]])]])) });
        defsFile.set(`${key}/${name}`, path);
      }
    }
  }
  const index = new Map<string, ToolPlace>();
  const toolFiles = fileNames(entries.map(([name]) => name));
  entries.forEach(([name, entry], i) => {
    const path = `references/tools/${toolFiles[i]}.yaml`;
    const { entry: own, moved } = withoutShared(entry, shared);
    const notes = moved.map((ref) => `#/${ref} -> ../${defsFile.get(ref)!.slice('references/'.length)}`);
    const head = [
      `# The tool ${JSON.stringify(name)}: its parameters and everything else of its input schema.`,
      ...(notes.length > 0
        ? [
            '# Definitions it shares with other tools of this server are kept once, outside this file:',
            ...notes.map((n) => `#   ${JSON.stringify(n).slice(1, -1)}`),
          ]
        : []),
    ];
    files.push({ path, content: `${head.join('\n')}\n${entriesYaml([[name, own]]).text}` });
    index.set(name, { file: path });
  });
  return { files, index };
}

/** Definitions that two or more tools carry with the same name and the same value, by key. */
function sharedDefinitions(entries: Mapping[]): Map<string, Mapping> {
  const shared = new Map<string, Mapping>();
  for (const key of DEFINITION_KEYS) {
    const seen = new Map<string, { value: Value; count: number; same: boolean }>();
    for (const entry of entries) {
      const defs = definitionsOf(entry, key);
      for (const [name, value] of defs ?? []) {
        const found = seen.get(name);
        if (!found) seen.set(name, { value, count: 1, same: true });
        else {
          found.count++;
          found.same &&= sameValue(found.value, value);
        }
      }
    }
    const byName: Mapping = new Map();
    for (const [name, { value, count, same }] of seen) if (count > 1 && same) byName.set(name, value);
    if (byName.size > 0) shared.set(key, byName);
  }
  return shared;
}

function definitionsOf(entry: Mapping, key: string): Mapping | undefined {
  const schema = entry.get('schema');
  const defs = isMapping(schema) ? schema.get(key) : undefined;
  return isMapping(defs) ? defs : undefined;
}

/** The entry without the shared definitions (an emptied `$defs`, then `schema`, dropped), and which moved. */
function withoutShared(entry: Mapping, shared: Map<string, Mapping>): { entry: Mapping; moved: string[] } {
  const schema = entry.get('schema');
  if (!isMapping(schema)) return { entry, moved: [] };
  const moved: string[] = [];
  const rest: Mapping = new Map();
  for (const [key, value] of schema) {
    const common = shared.get(key);
    if (!common || !isMapping(value)) {
      rest.set(key, value);
      continue;
    }
    const own: Mapping = new Map();
    for (const [name, def] of value) {
      if (common.has(name)) moved.push(`${key}/${name}`);
      else own.set(name, def);
    }
    if (own.size > 0) rest.set(key, own);
  }
  const out: Mapping = new Map([...entry].filter(([key]) => key !== 'schema'));
  if (rest.size > 0) out.set('schema', rest);
  return { entry: out, moved };
}

/**
 * File names (without extension) for tool or definition names: letters, digits, `.`, `_`, `-` kept,
 * anything else `-`; unique even on a case-insensitive file system (a repeat gets `-2`, `-3` …).
 */
export function fileNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base =
      name
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[-.]+|-+$/g, '')
        .slice(0, 80) || 'tool';
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
