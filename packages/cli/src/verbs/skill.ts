import type { SkillFile } from '@formrequest/skills';
import {
  configEntries,
  isLive,
  type Launch,
  LaunchError,
  launchOf,
  OutputError,
  readConfigFile,
  recordLaunch,
  SkillRun,
  SkillsFolder,
  type Source,
  skippedReport,
  sourceKey,
  splitCommand,
} from '@formrequest/skills/cli';
import { readSource, SOURCE_OPTIONS, sourceOf } from '../catalog-source.js';
import { err, out } from '../output.js';
import { parseFlags, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest skill SOURCE [--server ID ...] [--lazy] [--callable [--mcp-config FILE]] (--out DIR [--prune] | --stdout) [--catalog-out FILE]
       formrequest skill [options] [--callable [--env NAME ...]] -- COMMAND [ARGS...]
       formrequest skill --form [--config FILE] (--out DIR | --stdout)

Writes one Agent Skill per MCP server: DIR/<skill-name>/SKILL.md (and references/tools.yaml with --lazy).
  SOURCE             a catalog file, YAML or JSON: servers: [{id, status, tools: [{name, description, inputSchema}]}]
                     or the http(s) URL of a Streamable HTTP MCP server
  -- COMMAND ARGS    a stdio MCP server to start and read (everything after --)
  --server ID        only this server (repeatable): its id, or its skill (folder) name
  --lazy             SKILL.md lists tool names and descriptions; parameters go to references/tools.yaml
  --out DIR          write the skills under DIR; each skill folder is written whole or not at all
  --prune            with --out: remove skills an earlier run wrote from this SOURCE that this run did not write
  --stdout           print instead (a "==> path <==" line before each file when there are several)
  --catalog-out FILE save the catalog that was read (.json: JSON, else YAML)
  --id ID            server id for a live server: the name you give it in your MCP configuration
                     (default: the name the server reports)
  --timeout MS       time limit for a live server (default 30000)
  --callable         each skill can call its tools without the server attached: mcp.json records how to
                     start the server (never a secret: env values become \${NAME} references) and SKILL.md
                     documents \`npx -y formrequest@VERSION call <skill-folder> <tool> '<json>'\`
  --mcp-config FILE  with --callable and a catalog file: the MCP configuration (mcpServers by server id)
                     that says how each server is started
  --env NAME         with --callable and -- COMMAND: an environment variable the server needs (repeatable)
  --form             the skill for the form tool itself (mcp__form__request_form)
  --config FILE      with --form: the server config whose search endpoints the skill lists
Exit codes: 0 every usable server written (offline or tool-less servers are reported, not errors);
  1 some servers skipped because of defects, or a --server that was not written;
  2 usage error, unreadable or malformed catalog, a live server that failed, or an --out that cannot be written.`;

/** Agent Skills advise keeping a SKILL.md body under about 500 lines; longer ones get a note on stderr. */
const BODY_LINES_HINT = 500;

const verb: Verb = {
  summary: 'MCP tool catalog or live server -> Agent Skills (SKILL.md, lazy YAML)',
  usage,
  async run(args) {
    const [own, command] = splitCommand(args);
    const { values, positionals } = parseFlags(own, {
      ...SOURCE_OPTIONS,
      lazy: { type: 'boolean' },
      out: { type: 'string' },
      stdout: { type: 'boolean' },
      prune: { type: 'boolean' },
      form: { type: 'boolean' },
      config: { type: 'string' },
      callable: { type: 'boolean' },
      'mcp-config': { type: 'string' },
      env: { type: 'string', multiple: true },
    });
    if ((values.out === undefined) === !values.stdout)
      throw new UsageError('give either --out DIR or --stdout.');
    if (values.prune && values.out === undefined)
      throw new UsageError('--prune only applies with --out DIR.');
    if (values.form) {
      if (positionals.length > 0 || command.length > 0) throw new UsageError('--form takes no SOURCE.');
      if (values.callable)
        throw new UsageError(
          '--callable applies to an MCP server SOURCE; the form tool is called by the agent it is attached to.',
        );
      // The form skill needs the server package (its config loader): loaded only here.
      const { formSkill } = await import('@formrequest/skills');
      let skill: ReturnType<typeof formSkill>;
      try {
        skill = formSkill(values.config === undefined ? {} : { configPath: values.config });
      } catch (error) {
        // The server's config loader says which file and which key is wrong.
        err.write(`formrequest skill: ${(error as Error).message}\n`);
        return 2;
      }
      if (values.out === undefined) return print(skill.files);
      return write(values.out, 'formrequest skill --form', () => ({ skills: [skill], code: 0 }));
    }
    if (values.config !== undefined) throw new UsageError('--config only applies with --form.');

    const source = sourceOf(positionals, command, values);
    const wanted = values.server ?? [];
    let launches: Launches;
    try {
      launches = launchesOf(source, values);
    } catch (error) {
      if (!(error instanceof LaunchError)) throw error;
      err.write(`formrequest skill: ${error.message}\n`);
      return 2;
    }
    let folder: SkillsFolder | undefined;
    if (values.out !== undefined) {
      // Refused at once, before the catalog is read: a folder that cannot hold files.
      try {
        folder = new SkillsFolder(values.out, sourceKey(source), { closeOnSignals: true });
      } catch (error) {
        if (!(error instanceof OutputError)) throw error;
        err.write(`formrequest skill: ${error.message}\n`);
        return 2;
      }
    }
    try {
      const run = new SkillRun({
        lazy: values.lazy,
        wanted,
        folder,
        reportedId: isLive(source) && values.id === undefined,
        launchOf: launches.of,
      });
      const failed = await readSource('skill', source, values, run.add);
      if (failed !== undefined) return failed;
      const { checked, skills, selection, lines: skillLines } = run.finish();
      if (selection && (selection.unknown.length > 0 || selection.ambiguous.length > 0)) {
        for (const a of selection.ambiguous) {
          err.write(
            `formrequest skill: '${a.wanted}' names several servers; give one of their skill names or ids: ${a.names.join(', ')}\n`,
          );
        }
        if (selection.unknown.length > 0) {
          const ids = [...checked.usable, ...checked.inactive, ...checked.broken].map((s) => s.id);
          err.write(
            `formrequest skill: no server ${selection.unknown.map((u) => `'${u}'`).join(', ')} in the catalog. ` +
              `Servers: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? `, … (${ids.length} in all)` : ''}\n`,
          );
        }
        return 2;
      }
      let code = 0;
      if (folder) {
        let written: string[];
        try {
          written = folder.commit();
        } catch (error) {
          err.write(`formrequest skill: ${(error as Error).message}\n`);
          return 2;
        }
        const names = written.length <= 20 ? `: ${written.join(', ')}` : '';
        out.write(
          `wrote ${written.length} skill${written.length === 1 ? '' : 's'} to ${values.out}${names}\n`,
        );
        if (values.prune) {
          const present = new Set(
            [...checked.usable, ...checked.inactive, ...checked.broken].map((s) => s.id),
          );
          // With --server, only skills of servers gone from the catalog are pruned.
          const { removed, kept } = folder.prune(written, (id) => wanted.length > 0 && present.has(id));
          if (removed.length > 0) out.write(`pruned ${removed.length}: ${removed.join(', ')}\n`);
          for (const name of kept) {
            err.write(`kept ${name}: its files from formrequest were removed, but it holds other files\n`);
          }
        }
      } else code = print(skills.flatMap((s) => s.files));
      const chosen = selection ? new Set(selection.ids) : undefined;
      for (const line of skippedReport(checked, chosen)) err.write(`${line}\n`);
      for (const skill of skills) {
        const lines = skillLines.get(skill.serverId) ?? 0;
        if (lines > BODY_LINES_HINT) {
          err.write(
            `note: ${skill.name}/SKILL.md has ${lines} lines; Agent Skills suggests under ${BODY_LINES_HINT}${values.lazy ? '' : ' (--lazy moves the parameters to references/tools.yaml)'}\n`,
          );
        }
      }
      for (const note of launches.notes) err.write(`note: ${note}\n`);
      const uncallable = values.callable ? skills.filter((s) => !launches.known(s.serverId)) : [];
      for (const skill of uncallable) {
        err.write(
          `formrequest skill: ${skill.name} was written without a way to call its tools: ${launches.why?.(skill.serverId)}\n`,
        );
      }
      const skipped = chosen ? [...checked.inactive, ...checked.broken].some((s) => chosen.has(s.id)) : false;
      const brokenAsked = checked.broken.some((b) => !chosen || chosen.has(b.id));
      return code || (brokenAsked || skipped || uncallable.length > 0 ? 1 : 0);
    } catch (error) {
      if (error instanceof OutputError) {
        err.write(`formrequest skill: ${error.message}\n`);
        return 2;
      }
      throw error;
    } finally {
      folder?.close();
      folder?.release();
    }
  },
};

interface Launches {
  /** The recorded launch of a server, for --callable. */
  of?: (serverId: string) => Launch | undefined;
  known: (serverId: string) => boolean;
  /** Why a server cannot be called. */
  why?: (serverId: string) => string;
  /** What recording left out (a header whose value would have been written). */
  notes: string[];
}

/**
 * How each server is started, for --callable: the live source itself (a command with the --env names,
 * or a URL), or a catalog's servers by id in --mcp-config. Recorded with references only.
 */
function launchesOf(
  source: Source,
  values: { callable?: boolean; 'mcp-config'?: string; env?: string[] },
): Launches {
  const notes: string[] = [];
  const none: Launches = { known: () => true, notes };
  if (!values.callable) {
    if (values['mcp-config'] !== undefined || values.env !== undefined)
      throw new UsageError('--mcp-config and --env only apply with --callable.');
    return none;
  }
  if ('file' in source) {
    if (values.env !== undefined)
      throw new UsageError('--env applies to a -- COMMAND source; a catalog file takes --mcp-config.');
    const file = values['mcp-config'];
    if (file === undefined)
      throw new UsageError(
        '--callable with a catalog file needs --mcp-config FILE: the MCP configuration that says how each server is started.',
      );
    const entries = configEntries(readConfigFile(file), file);
    const recorded = new Map<string, Launch>();
    const problems = new Map<string, string>();
    for (const [name, entry] of entries) {
      try {
        const { launch, notes: left } = recordLaunch(launchOf(entry, `${file}: mcpServers.${name}`));
        recorded.set(name, launch);
        notes.push(...left.map((n) => `${name}: ${n}`));
      } catch (error) {
        if (!(error instanceof LaunchError)) throw error;
        problems.set(name, error.message);
      }
    }
    return {
      of: (id) => recorded.get(id),
      known: (id) => recorded.has(id),
      why: (id) => problems.get(id) ?? `${file} has no server '${id}' in mcpServers`,
      notes,
    };
  }
  if (values['mcp-config'] !== undefined)
    throw new UsageError('--mcp-config applies to a catalog file; a live SOURCE is recorded as given.');
  for (const name of values.env ?? []) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      throw new UsageError(`--env takes a variable name such as API_KEY, not '${name}'.`);
  }
  const launch: Launch =
    'url' in source
      ? { type: 'http', url: source.url, headers: {} }
      : {
          type: 'stdio',
          command: source.command,
          args: source.args ?? [],
          env: Object.fromEntries((values.env ?? []).map((name) => [name, `\${${name}}`])),
        };
  if ('url' in source && values.env !== undefined)
    throw new UsageError('--env applies to a -- COMMAND source.');
  return { of: () => launch, known: () => true, notes };
}

function print(files: SkillFile[]): number {
  const several = files.length > 1;
  out.write(files.map((f) => (several ? `==> ${f.path} <==\n${f.content}` : f.content)).join('\n'));
  return 0;
}

/** The form skill goes through the same folder (whole or nothing, marked). */
function write(
  dir: string,
  source: string,
  make: () => { skills: { name: string; serverId: string; files: SkillFile[] }[]; code: number },
): number {
  let folder: SkillsFolder;
  try {
    folder = new SkillsFolder(dir, source);
  } catch (error) {
    err.write(`formrequest skill: ${(error as Error).message}\n`);
    return 2;
  }
  try {
    const { skills, code } = make();
    for (const skill of skills) folder.stage(skill);
    const written = folder.commit();
    out.write(
      `wrote ${written.length} skill${written.length === 1 ? '' : 's'} to ${dir}: ${written.join(', ')}\n`,
    );
    return code;
  } catch (error) {
    err.write(`formrequest skill: ${(error as Error).message}\n`);
    return 2;
  } finally {
    folder.close();
  }
}

export default verb;
