import {
  allServerIds,
  CatalogChecker,
  checkWritableFile,
  selectIds,
  skippedReport,
  splitCommand,
  toolSpec,
  writeFileAtomic,
} from '@formrequest/skills/cli';
import { readSource, SOURCE_OPTIONS, sourceOf } from '../catalog-source.js';
import { err, out } from '../output.js';
import { parseFlags, type Verb } from '../verb.js';

const usage = `Usage: formrequest spec SOURCE [--server ID ...] [--strict] [--out FILE] [--catalog-out FILE]
       formrequest spec [options] -- COMMAND [ARGS...]

Prints the tool specification (seed 002's template filled from the real tools) of each MCP server, with
lint findings and how to fix them (also listed on stderr).
  SOURCE             a catalog file (YAML or JSON) or the http(s) URL of a Streamable HTTP MCP server
  -- COMMAND ARGS    a stdio MCP server to start and read (everything after --)
  --server ID        only this server (repeatable): its id, or its skill (folder) name
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
    const source = sourceOf(positionals, command, values);
    if (values.out !== undefined) {
      // Refused at once, before the catalog is read.
      try {
        checkWritableFile(values.out);
      } catch (error) {
        err.write(
          `formrequest spec: cannot write the document to ${values.out}: ${(error as Error).message}\n`,
        );
        return 2;
      }
    }
    const wanted = values.server ?? [];
    // Each server's document is made as it is read; only the text is kept.
    const checker = new CatalogChecker({ keepServers: false });
    const specs: { id: string; markdown: string; findings: ReturnType<typeof toolSpec>['findings'] }[] = [];
    const failed = await readSource('spec', source, values, (entry, index) => {
      const server = checker.add(entry, index);
      if (server) specs.push({ id: server.id, ...toolSpec(server) });
    });
    if (failed !== undefined) return failed;
    const checked = checker.result;
    let chosen: Set<string> | undefined;
    if (wanted.length > 0) {
      const selection = selectIds(allServerIds(checked), wanted);
      for (const a of selection.ambiguous) {
        err.write(
          `formrequest spec: '${a.wanted}' names several servers; give one of: ${a.names.join(', ')}\n`,
        );
      }
      if (selection.unknown.length > 0) {
        const ids = allServerIds(checked);
        err.write(
          `formrequest spec: no server ${selection.unknown.map((u) => `'${u}'`).join(', ')} in the catalog. ` +
            `Servers: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? `, … (${ids.length} in all)` : ''}\n`,
        );
      }
      if (selection.unknown.length > 0 || selection.ambiguous.length > 0) return 2;
      chosen = new Set(selection.ids);
    }
    const shown = chosen ? specs.filter((s) => chosen.has(s.id)) : specs;
    const text = shown.map((s) => s.markdown).join('\n');
    if (values.out === undefined) out.write(text);
    else {
      try {
        await writeFileAtomic(values.out, text);
      } catch (error) {
        err.write(
          `formrequest spec: cannot write the document to ${values.out}: ${(error as Error).message}\n`,
        );
        return 2;
      }
    }

    let warnings = 0;
    for (const { id, findings } of shown) {
      for (const f of findings) {
        if (f.severity === 'warning') warnings++;
        err.write(`${f.severity} ${id} ${f.tool}: ${f.message}. Fix: ${f.fix}.\n`);
      }
    }
    const notes = shown.reduce((n, s) => n + s.findings.length, 0) - warnings;
    err.write(`${warnings} warning${warnings === 1 ? '' : 's'}, ${notes} note${notes === 1 ? '' : 's'}\n`);
    for (const line of skippedReport(checked, chosen)) err.write(`${line}\n`);
    const skipped = chosen ? [...checked.inactive, ...checked.broken].some((s) => chosen.has(s.id)) : false;
    const brokenAsked = checked.broken.some((b) => !chosen || chosen.has(b.id));
    if (brokenAsked || skipped) return 1;
    return values.strict && warnings > 0 ? 1 : 0;
  },
};

export default verb;
