import { skippedReport, splitCommand, toolSpec, writeFileAtomic } from '@formrequest/skills';
import { readCatalogSource, SOURCE_OPTIONS } from '../catalog-source.js';
import { parseFlags, type Verb } from '../verb.js';

const usage = `Usage: formrequest spec SOURCE [--server ID ...] [--strict] [--out FILE] [--catalog-out FILE]
       formrequest spec [options] -- COMMAND [ARGS...]

Prints the tool specification (seed 002's template filled from the real tools) of each MCP server, with
lint findings and how to fix them (also listed on stderr).
  SOURCE             a catalog file (YAML or JSON) or the http(s) URL of a Streamable HTTP MCP server
  -- COMMAND ARGS    a stdio MCP server to start and read (everything after --)
  --server ID        only this server (repeatable)
  --strict           exit 1 when there is any warning (notes, such as a skipped approval prompt, do not count)
  --out FILE         write the document to FILE (atomically) instead of stdout
  --catalog-out FILE save the catalog that was read (.json: JSON, else YAML)
  --id ID            server id for a live server (default: the name the server reports)
  --timeout MS       time limit for a live server (default 30000)
Exit codes: 0 done; 1 --strict and warnings, or servers skipped because of defects;
  2 usage error, unreadable or malformed catalog, a live server that failed, or --out not writable.`;

const verb: Verb = {
  summary: 'MCP tool catalog or live server -> tool specification with lint findings',
  usage,
  async run(args) {
    const [own, command] = splitCommand(args);
    const { values, positionals } = parseFlags(own, {
      ...SOURCE_OPTIONS,
      strict: { type: 'boolean' },
      out: { type: 'string' },
    });
    const read = await readCatalogSource('spec', positionals, command, values);
    if (typeof read === 'number') return read;
    const { checked, selection, wanted } = read;

    const specs = selection.servers.map((server) => ({ server, ...toolSpec(server) }));
    const text = specs.map((s) => s.markdown).join('\n');
    if (values.out === undefined) process.stdout.write(text);
    else {
      try {
        await writeFileAtomic(values.out, text);
      } catch (error) {
        process.stderr.write(
          `formrequest spec: cannot write the document to ${values.out}: ${(error as Error).message}\n`,
        );
        return 2;
      }
    }

    let warnings = 0;
    for (const { server, findings } of specs) {
      for (const f of findings) {
        if (f.severity === 'warning') warnings++;
        process.stderr.write(`${f.severity} ${server.id} ${f.tool}: ${f.message}. Fix: ${f.fix}.\n`);
      }
    }
    const notes = specs.reduce((n, s) => n + s.findings.length, 0) - warnings;
    process.stderr.write(
      `${warnings} warning${warnings === 1 ? '' : 's'}, ${notes} note${notes === 1 ? '' : 's'}\n`,
    );
    for (const line of skippedReport(checked, wanted.length > 0 ? selection.skipped : undefined)) {
      process.stderr.write(`${line}\n`);
    }
    const brokenAsked = checked.broken.some((b) => wanted.length === 0 || selection.skipped.has(b.id));
    if (brokenAsked || selection.skipped.size > 0) return 1;
    return values.strict && warnings > 0 ? 1 : 0;
  },
};

export default verb;
