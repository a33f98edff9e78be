import {
  allServerIds,
  buildSkills,
  formSkill,
  type SkillFile,
  skippedReport,
  splitCommand,
  TOOLS_YAML,
  writeTree,
} from '@formrequest/skills';
import { readCatalogSource, SOURCE_OPTIONS } from '../catalog-source.js';
import { parseFlags, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest skill SOURCE [--server ID ...] [--lazy] (--out DIR | --stdout) [--catalog-out FILE]
       formrequest skill [options] -- COMMAND [ARGS...]
       formrequest skill --form [--config FILE] (--out DIR | --stdout)

Writes one Agent Skill per MCP server: DIR/<skill-name>/SKILL.md (and references/tools.yaml with --lazy).
  SOURCE             a catalog file, YAML or JSON: servers: [{id, status, tools: [{name, description, inputSchema}]}]
                     or the http(s) URL of a Streamable HTTP MCP server
  -- COMMAND ARGS    a stdio MCP server to start and read (everything after --)
  --server ID        only this server (repeatable; its id or skill name)
  --lazy             SKILL.md lists tool names and descriptions; parameters go to references/tools.yaml
  --out DIR          write the skills under DIR (each file written atomically)
  --stdout           print instead (a "==> path <==" line before each file when there are several)
  --catalog-out FILE save the catalog that was read (.json: JSON, else YAML)
  --id ID            server id for a live server (default: the name the server reports)
  --timeout MS       time limit for a live server (default 30000)
  --form             the skill for the form tool itself (mcp__form__request_form)
  --config FILE      with --form: the server config whose search endpoints the skill lists
Exit codes: 0 every usable server written (offline or tool-less servers are reported, not errors);
  1 some servers skipped because of defects, or a --server that was not written;
  2 usage error, unreadable or malformed catalog, or a live server that failed.`;

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
      form: { type: 'boolean' },
      config: { type: 'string' },
    });
    if ((values.out === undefined) === !values.stdout)
      throw new UsageError('give either --out DIR or --stdout.');
    if (values.form) {
      if (positionals.length > 0 || command.length > 0) throw new UsageError('--form takes no SOURCE.');
      let skill: ReturnType<typeof formSkill>;
      try {
        skill = formSkill(values.config === undefined ? {} : { configPath: values.config });
      } catch (error) {
        // The server's config loader says which file and which key is wrong.
        process.stderr.write(`formrequest skill: ${(error as Error).message}\n`);
        return 2;
      }
      return emit(skill.files, values.out, []);
    }
    if (values.config !== undefined) throw new UsageError('--config only applies with --form.');

    const read = await readCatalogSource('skill', positionals, command, values);
    if (typeof read === 'number') return read;
    const { checked, selection, wanted } = read;
    const skills = buildSkills(selection.servers, { lazy: values.lazy, allIds: allServerIds(checked) });
    // A full-mode run must not leave a lazy run's reference file behind in the same skill folder.
    const stale = values.lazy ? [] : skills.map((s) => `${s.name}/${TOOLS_YAML}`);
    const report = skippedReport(checked, wanted.length > 0 ? selection.skipped : undefined);
    const status = await emit(
      skills.flatMap((s) => s.files),
      values.out,
      stale,
    );
    if (status !== 0) return status;
    for (const line of report) process.stderr.write(`${line}\n`);
    for (const skill of skills) {
      const lines = skill.files[0]!.content.split('\n').length;
      if (lines > BODY_LINES_HINT) {
        process.stderr.write(
          `note: ${skill.name}/SKILL.md has ${lines} lines; Agent Skills suggests under ${BODY_LINES_HINT}${values.lazy ? '' : ' (--lazy moves the parameters to references/tools.yaml)'}\n`,
        );
      }
    }
    const brokenAsked = checked.broken.some((b) => wanted.length === 0 || selection.skipped.has(b.id));
    return brokenAsked || selection.skipped.size > 0 ? 1 : 0;
  },
};

async function emit(files: SkillFile[], out: string | undefined, stale: string[]): Promise<number> {
  if (out === undefined) {
    const several = files.length > 1;
    process.stdout.write(
      files.map((f) => (several ? `==> ${f.path} <==\n${f.content}` : f.content)).join('\n'),
    );
    return 0;
  }
  try {
    await writeTree(out, files, stale);
  } catch (error) {
    process.stderr.write(
      `formrequest skill: cannot write the skills under ${out}: ${(error as Error).message}\n`,
    );
    return 2;
  }
  const folders = [...new Set(files.map((f) => f.path.split('/')[0]))];
  const names = folders.length <= 20 ? `: ${folders.join(', ')}` : '';
  process.stdout.write(`wrote ${folders.length} skill${folders.length === 1 ? '' : 's'} to ${out}${names}\n`);
  return 0;
}

export default verb;
