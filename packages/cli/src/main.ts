import { err, out } from './output.js';
import { UsageError, type Verb } from './verb.js';

// Node's own modules through process.getBuiltinModule here, in verb.ts and in read-input.ts, not
// `import`: an ES import of one builds its facade, which reads every export, lazy ones included (node:fs
// loads fs.promises and the stream classes, node:util its diff and colours), before any verb starts.
const { fileURLToPath } = process.getBuiltinModule('node:url');

// Verbs load lazily so `formrequest check` never pays for the browser bundle or the host.
const verbs: Record<string, () => Promise<{ default: Verb }>> = {
  serve: () => import('./verbs/serve.js'),
  demo: () => import('./verbs/demo.js'),
  check: () => import('./verbs/check.js'),
  ask: () => import('./verbs/ask.js'),
  question: () => import('./verbs/question.js'),
  skill: () => import('./verbs/skill.js'),
  spec: () => import('./verbs/spec.js'),
  call: () => import('./verbs/call.js'),
};

async function help(): Promise<string> {
  const lines = ['Usage: formrequest <verb> [options]', '', 'Verbs:'];
  for (const [name, load] of Object.entries(verbs)) {
    const summary = await load().then(
      (m) => m.default.summary,
      (error: Error) => `(unavailable: ${error.message})`,
    );
    lines.push(`  ${name.padEnd(10)} ${summary}`);
  }
  lines.push(
    '',
    'Options:',
    '  -h, --help     show help (also `formrequest <verb> --help`)',
    '  -v, --version  print the version',
  );
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    out.write(`${await help()}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '-v' || name === '--version') {
    // Read only when asked: a verb's start-up does not read package.json.
    const { VERSION } = await import('./version.js');
    out.write(`${VERSION}\n`);
    return 0;
  }
  const load = verbs[name];
  if (!load) {
    const near = Object.keys(verbs).find((v) => v.startsWith(name.slice(0, 2)));
    err.write(
      `formrequest: unknown verb '${name}'.${near ? ` Did you mean '${near}'?` : ''} Run 'formrequest --help' for the list.\n`,
    );
    return 2;
  }
  const verb = (await load()).default;
  // Flags after `--` belong to the server command of `skill`/`spec` (`-- node server.js --help`).
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (own.includes('-h') || own.includes('--help')) {
    out.write(`${verb.usage}\n`);
    return 0;
  }
  try {
    return await verb.run(rest);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      err.write(`formrequest ${name}: ${(error as Error).message}\n\n${verb.usage}\n`);
      return 2;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('ERR_PARSE_ARGS');
}

/** Runs the CLI as a program: an unexpected failure is reported in one line, never as a hang. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    process.exitCode = await main(argv);
  } catch (error) {
    err.write(`formrequest: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  }
}

// No top-level await here: a verb that imports this module must not wait on its evaluation.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void runCli(process.argv.slice(2));
