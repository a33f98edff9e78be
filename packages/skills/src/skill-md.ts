// SKILL.md for one MCP server: Agent Skills frontmatter (`name`, `description`) and a body that is
// either the full tool reference (full mode) or the tool list pointing at references/tools.yaml (lazy).
import { type CatalogServer, descriptionOf, text } from './catalog.js';
import { doubleQuoted, yamlScalar } from './data/yaml-write.js';
import { toolSection } from './full.js';
import type { Launch } from './launch.js';
import { TOOLS_YAML, type ToolPlace } from './lazy.js';
import { callSection } from './skill-call.js';

export { TOOLS_YAML } from './lazy.js';

const MAX_DESCRIPTION = 1024;

/** Text on one line: runs of whitespace (newlines included) become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Text fit for the frontmatter, which every client reads before any skill is chosen: on one line,
 * without invisible characters (controls, bidi overrides and isolates, zero-width characters, BOM,
 * soft hyphens, tags: they could make the text read differently from what it holds).
 */
export function visibleText(text: string): string {
  return oneLine(text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (/\s/.test(c) ? ' ' : ''))).replace(
    /\p{Cs}/gu,
    '\uFFFD',
  );
}

/**
 * A frontmatter value as YAML that every Agent Skills parser reads back as the text. The reference
 * parser (skills-ref) cuts the file at the first `---` anywhere, even inside a value, so a run of
 * hyphens is written as `\x2D` escapes inside double quotes.
 */
export function frontmatterScalar(text: string): string {
  const scalar = yamlScalar(text);
  if (!scalar.includes('--')) return scalar;
  return (scalar.startsWith('"') ? scalar : doubleQuoted(text)).replace(/-{2,}/g, (run) =>
    '\\x2D'.repeat(run.length),
  );
}

/** Cuts text to at most `max` characters (code points), ending with '…' when something was cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * What every client loads up front for every skill, so it is kept short: a description of about
 * DESCRIPTION_TARGET characters (the issue's bar: under 5 % of the server's raw tools/list) that
 * says what the server is, names its tools (dropped from the end, `and N more`, to fit) and when to
 * read the skill. The server's own description is cut first to DESCRIPTION_ABOUT characters; the
 * whole stays within the Agent Skills limit of 1,024 whatever the input.
 */
const DESCRIPTION_TARGET = 300;
const DESCRIPTION_ABOUT = 160;

export function skillDescription(server: CatalogServer): string {
  const tools = server.tools;
  const about = clip(
    visibleText(text(server.data, 'description') ?? text(server.data, 'title') ?? ''),
    DESCRIPTION_ABOUT,
  );
  const head = `MCP server "${clip(visibleText(server.id), 200)}"${about ? `: ${about}` : ''}${/[.!?。…]$/.test(about) ? '' : '.'}`;
  const tail = 'Read before calling them.';
  const names = tools.map((t) => visibleText(t.name));
  for (let shown = names.length; shown >= 1; shown--) {
    const more = names.length - shown;
    const list = ` Tools: ${names.slice(0, shown).join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
    const text = `${head}${list} ${tail}`;
    if (Array.from(text).length <= DESCRIPTION_TARGET) return text;
  }
  return clip(`${head} ${names.length} tool${names.length === 1 ? '' : 's'}. ${tail}`, MAX_DESCRIPTION);
}

/** The Agent Skills frontmatter: `name` and `description`, each read back exactly by every skills parser. */
export function frontmatter(name: string, description: string): string {
  return `---\nname: ${frontmatterScalar(name)}\ndescription: ${frontmatterScalar(description)}\n---\n`;
}

/** How the server's tools are named in Claude Code, or a placeholder when the configured name is unknown. */
export interface SkillMdOptions {
  /**
   * True when the server id is only the name the server reports about itself (a live server read
   * without --id): people configure their own name for it, so the `mcp__<server>__` hint says so.
   */
  reportedId?: boolean;
  /** A callable skill: the server's launch (recorded, references only) and the call section. */
  launch?: Launch;
}

/** Claude Code names MCP tools `mcp__<server>__<tool>`, with characters other than A-Z a-z 0-9 _ - made `_`. */
export function claudeToolPrefix(serverName: string): string {
  return `mcp__${serverName.replace(/[^A-Za-z0-9_-]/g, '_')}__`;
}

/** Heading, server description, and one line saying whose tools these are (plus `extra`). */
function intro(server: CatalogServer, extra: string, options: SkillMdOptions): string[] {
  const lines = [`# ${text(server.data, 'title') ?? server.id}`, ''];
  const description = text(server.data, 'description');
  if (description) lines.push(description.trim(), '');
  const qualified = options.reportedId
    ? ` (Claude Code: \`mcp__<server>__<tool>\`, where <server> is the name you gave this server in your MCP configuration; it reports itself as \`${server.id}\`)`
    : ` (Claude Code: \`${claudeToolPrefix(server.id)}<tool>\`)`;
  lines.push(`Tools of the MCP server \`${server.id}\`${qualified}. ${extra}`);
  // What the server tells a model in `initialize`: a client that attaches the server shows it, so
  // an agent reading the skill instead gets it here.
  const instructions = text(server.data, 'instructions')?.trim();
  if (instructions) {
    // Quoted, so its own headings stay inside it rather than restructure the skill.
    lines.push(
      '',
      '## Server instructions',
      '',
      'What the server tells a model when it is attached:',
      '',
      ...instructions.split(/\r?\n/).map((line) => (line.trim() ? `> ${line}` : '>')),
    );
  }
  if (options.launch) {
    const prefix = options.reportedId ? 'mcp__<server>__' : claudeToolPrefix(server.id);
    lines.push('', ...callSection(prefix, options.launch).slice(0, -1));
  }
  return lines;
}

/** SKILL.md in full mode: every tool with its parameter lines (seed 003, 通常モード). */
export function fullSkillMd(name: string, server: CatalogServer, options: SkillMdOptions = {}): string {
  const tools = server.tools;
  const lines = [
    ...intro(
      server,
      '`*` marks required parameters; brackets give defaults, options, limits and other schema keys.',
      options,
    ),
    '',
    '## Tools',
    '',
    tools.map(toolSection).join('\n\n'),
  ];
  return `${frontmatter(name, skillDescription(server))}\n${lines.join('\n')}\n`;
}

/** A tool's description in the lazy list: its first lines, up to this many characters (the rest is in its file). */
const LIST_DESCRIPTION = 200;

/**
 * SKILL.md in lazy mode: the index, one line per tool with where its entry is (the line of
 * references/tools.yaml, or its own file for a large server) and the start of its description.
 */
export function lazySkillMd(
  name: string,
  server: CatalogServer,
  options: SkillMdOptions = {},
  index: Map<string, ToolPlace> = new Map(),
): string {
  const tools = server.tools;
  const split = [...index.values()].some((place) => place.line === undefined);
  const where = split
    ? 'Before calling one, read its file (named after it below: parameters, allowed values, defaults, limits).'
    : `Before calling one, read its entry in [${TOOLS_YAML}](${TOOLS_YAML}), from the line given after its name (parameters, allowed values, defaults, limits).`;
  const place = (tool: string) => {
    const at = index.get(tool);
    if (!at) return '';
    return at.line !== undefined ? ` (line ${at.line})` : ` ([${at.file}](${at.file}))`;
  };
  const lines = [
    ...intro(server, where, options),
    '',
    '## Tools',
    '',
    ...tools.map((t) => {
      // Its first paragraph: what it does. The rest (limits, caveats) is in its entry.
      const description = clip(
        oneLine(
          descriptionOf(t)
            .trim()
            .split(/\n\s*\n/)[0] ?? '',
        ),
        LIST_DESCRIPTION,
      );
      return `- \`${t.name}\`${place(t.name)}${description ? `: ${description}` : ''}`;
    }),
  ];
  return `${frontmatter(name, skillDescription(server))}\n${lines.join('\n')}\n`;
}
