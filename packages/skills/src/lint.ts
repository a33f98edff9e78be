// Lint findings for a server's tools, each with the fix (seed 002's rules):
// annotations, the approval prompt a host may skip, invoking/invoked length, UI resources, and
// descriptions of tools and parameters. `warning`s fail `formrequest spec --strict`; `note`s state a
// consequence the author should know about (they do not fail --strict).
import {
  type CatalogServer,
  type CatalogTool,
  descriptionOf,
  inputSchemaOf,
  mapping,
  propertiesOf,
} from './catalog.js';
import { isMapping, type Mapping } from './data/value.js';
import { uiResourceOf } from './tool-kind.js';

export interface Finding {
  severity: 'warning' | 'note';
  code:
    | 'missing-annotations'
    | 'approval-skipped'
    | 'invocation-too-long'
    | 'render-without-ui-resource'
    | 'invalid-ui-resource'
    | 'contradictory-annotations'
    | 'missing-tool-description'
    | 'missing-parameter-description';
  /** The tool (or tools, comma-separated, for a note that applies to several). */
  tool: string;
  message: string;
  fix: string;
}

export const MAX_INVOCATION_CHARS = 64;
/**
 * What a host assumes for a hint that is not set (the MCP spec's defaults). destructiveHint (like
 * idempotentHint) means something only when readOnlyHint is false, so a read-only tool needs no
 * destructiveHint.
 */
const ASSUMED: Record<'readOnlyHint' | 'destructiveHint' | 'openWorldHint', string> = {
  readOnlyHint: 'not read-only',
  destructiveHint: 'destructive',
  openWorldHint: 'open world',
};
const INVOCATION_KEYS = ['openai/toolInvocation/invoking', 'openai/toolInvocation/invoked'];
/** `_meta` keys that only make sense for a tool that shows a UI. */
const UI_META_KEYS = [
  'openai/outputTemplate',
  'openai/widgetAccessible',
  'openai/resultCanProduceWidget',
  ...INVOCATION_KEYS,
];

export function lintServer(server: CatalogServer): Finding[] {
  const findings: Finding[] = [];
  for (const tool of server.tools) findings.push(...lintTool(tool, server));
  // The approval note is said once for all the tools it applies to.
  const skipped = server.tools.filter((tool) => {
    const annotations = mapping(tool.data, 'annotations');
    return annotations?.get('readOnlyHint') === true && annotations.get('destructiveHint') === false;
  });
  if (skipped.length > 0) {
    findings.push({
      severity: 'note',
      code: 'approval-skipped',
      tool: skipped.map((t) => t.name).join(', '),
      message: `readOnlyHint: true with destructiveHint: false on ${skipped.length === 1 ? 'this tool' : `these ${skipped.length} tools`}: the host (ChatGPT) may run ${skipped.length === 1 ? 'it' : 'them'} without asking the user for approval`,
      fix: 'keep this only for tools that change nothing; a tool that writes, sends or deletes anything needs readOnlyHint: false (and destructiveHint: true when it deletes or overwrites)',
    });
  }
  return findings;
}

function lintTool(tool: CatalogTool, server: CatalogServer): Finding[] {
  const findings: Finding[] = [];
  const add = (severity: Finding['severity'], code: Finding['code'], message: string, fix: string) =>
    findings.push({ severity, code, tool: tool.name, message, fix });

  if (!descriptionOf(tool).trim()) {
    add(
      'warning',
      'missing-tool-description',
      'the tool has no description, so a model cannot tell when to call it',
      'add a description that says what the tool does and when to use it',
    );
  }
  for (const [path, spec] of parametersOf(inputSchemaOf(tool))) {
    const description = spec.get('description');
    if (typeof description !== 'string' || !description.trim()) {
      add(
        'warning',
        'missing-parameter-description',
        `parameter \`${path}\` has no description`,
        `add a description to \`${path}\` saying what value it wants (units, format, example)`,
      );
    }
  }

  const annotations = mapping(tool.data, 'annotations') ?? new Map();
  const readOnly = annotations.get('readOnlyHint');
  const hints = (Object.keys(ASSUMED) as (keyof typeof ASSUMED)[]).filter(
    (hint) => hint !== 'destructiveHint' || readOnly !== true,
  );
  const missing = hints.filter((hint) => typeof annotations.get(hint) !== 'boolean');
  if (missing.length > 0) {
    const wrong = missing.filter((hint) => annotations.has(hint));
    add(
      'warning',
      'missing-annotations',
      `annotations ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set${wrong.length > 0 ? ` (${wrong.join(', ')}: not a boolean)` : ''}, so hosts assume the worst (${missing.map((h) => ASSUMED[h]).join(', ')}) and ask for approval every time`,
      `set ${missing.map((h) => `${h}: true|false`).join(', ')} to what the tool really does${readOnly === true ? '' : ' (destructiveHint and idempotentHint matter only when readOnlyHint is false)'}`,
    );
  }
  if (readOnly === true && annotations.get('destructiveHint') === true) {
    add(
      'warning',
      'contradictory-annotations',
      'readOnlyHint: true with destructiveHint: true: a read-only tool cannot delete or overwrite, and hosts ignore destructiveHint when readOnlyHint is true, so they treat it as harmless',
      'if the tool deletes or overwrites anything, set readOnlyHint: false (destructiveHint: true stays); if it only reads, drop destructiveHint',
    );
  }
  const meta = mapping(tool.data, '_meta') ?? new Map();
  for (const key of INVOCATION_KEYS) {
    const text = meta.get(key);
    if (typeof text === 'string' && Array.from(text).length > MAX_INVOCATION_CHARS) {
      add(
        'warning',
        'invocation-too-long',
        `_meta["${key}"] is ${Array.from(text).length} characters; hosts allow at most ${MAX_INVOCATION_CHARS}`,
        `shorten it to ${MAX_INVOCATION_CHARS} characters or fewer, e.g. "${Array.from(text)
          .slice(0, MAX_INVOCATION_CHARS - 3)
          .join('')}..."`,
      );
    }
  }

  findings.push(...uiFindings(tool, server));
  return findings;
}

function uiFindings(tool: CatalogTool, server: CatalogServer): Finding[] {
  const meta = mapping(tool.data, '_meta') ?? new Map();
  const make = (message: string, fix: string): Finding => ({
    severity: 'warning',
    code: 'render-without-ui-resource',
    tool: tool.name,
    message,
    fix,
  });
  const uiMeta = meta.get('ui');
  const declared = isMapping(uiMeta) && uiMeta.has('resourceUri') ? uiMeta.get('resourceUri') : undefined;
  if (declared !== undefined && typeof declared !== 'string') {
    return [
      {
        severity: 'warning',
        code: 'invalid-ui-resource',
        tool: tool.name,
        message: `_meta.ui.resourceUri is ${declared === null ? 'null' : Array.isArray(declared) ? 'a list' : `a ${isMapping(declared) ? 'mapping' : typeof declared}`}, not a string, so hosts cannot load the tool's UI`,
        fix: 'set _meta.ui.resourceUri to the ui:// URI (a string) of the resource that renders the result',
      },
    ];
  }
  const uri = uiResourceOf(tool);
  const uiKeys = UI_META_KEYS.filter((key) => meta.has(key));
  if (!uri) {
    return uiKeys.length > 0
      ? [
          make(
            `the tool has UI metadata (${uiKeys.join(', ')}) but no UI resource`,
            'set _meta.ui.resourceUri to the ui:// resource that renders the result, and serve that resource',
          ),
        ]
      : [];
  }
  const out: Finding[] = [];
  if (!uri.startsWith('ui://')) {
    out.push(
      make(
        `its UI resource "${uri}" is not a ui:// URI`,
        'serve the widget as a resource with a ui:// URI and point _meta.ui.resourceUri at it',
      ),
    );
  }
  const template = meta.get('openai/outputTemplate');
  const ui = isMapping(uiMeta) ? uiMeta.get('resourceUri') : undefined;
  if (typeof template === 'string' && typeof ui === 'string' && template !== ui) {
    out.push(
      make(
        `_meta.ui.resourceUri ("${ui}") and openai/outputTemplate ("${template}") differ`,
        'point both keys at the same ui:// resource',
      ),
    );
  }
  const resources = server.data.get('resources');
  if (Array.isArray(resources) && !resources.some((r) => isMapping(r) && r.get('uri') === uri)) {
    out.push(
      make(
        `its UI resource "${uri}" is not among the server's resources`,
        `register a resource with the URI ${uri} (MIME type text/html;profile=mcp-app)`,
      ),
    );
  }
  return out;
}

/** The tool's parameters (the top-level properties of its input schema). */
function parametersOf(schema: Mapping): [string, Mapping][] {
  return [...propertiesOf(schema)].filter((entry): entry is [string, Mapping] => isMapping(entry[1]));
}
