#!/usr/bin/env node
// Runs every `*.test.ts` under packages/*/test and scripts/test (or the files and folders given) with
// Node's own test runner, each file in a process of its own, FORMREQUEST_TEST_CONCURRENCY at a time
// (default: one more than the cores, since a file waits on its servers and browsers part of the time),
// the slowest of the last run first. Each file's output is printed when it ends, with its time; the
// slowest files and every failure are listed at the end.
//
// Test files import workspace packages from their TypeScript sources (scripts/sources/register.mjs:
// Node's own type stripping, or tsx where Node has none, plus a resolve hook that reads each
// package.json). A CLI a test starts runs from dist/ (see
// testing/cli.ts), which `npm test` builds first; this runner warns when a source is newer than its build.
//
// Time limit per file: FORMREQUEST_TEST_FILE_LIMIT_S (default 120 s, twice the 60 s a file may take on
// a quiet 2-core machine), scaled up when the machine is busy (by the load average per core when the
// file starts, up to 4x) and by FORMREQUEST_TEST_SCALE (test:dist sets it for the other Node lines).
// Each test inside a file has 80% of its file's limit (node:test then names it and runs its `after`
// hooks). A file over its limit is ended, and so is every process it started (scripts/runner/reaper.mjs:
// spawned CLIs, Chromium, tmux servers and what runs in them); so is anything a file leaves running
// after it ends, which is reported.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MARKER, reap } from './runner/reaper.mjs';
import { startSharedBrowser } from './runner/shared-browser.mjs';
import { staleBuilds } from './runner/stale-builds.mjs';

const root = resolve(import.meta.dirname, '..');
const timesFile = join(root, 'node_modules/.cache/formrequest-test/times.json');
const compileCache =
  process.env.NODE_COMPILE_CACHE || join(root, 'node_modules/.cache/formrequest-test/compile');

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const args = process.argv.slice(2);
const targets = args.length
  ? args.map((a) => resolve(a))
  : [
      ...readdirSync(join(root, 'packages')).map((p) => join(root, 'packages', p, 'test')),
      join(root, 'scripts/test'),
    ];
const files = [];
for (const t of targets) {
  try {
    if (statSync(t).isDirectory()) collect(t, files);
    else files.push(t);
  } catch {
    // a package without tests yet
  }
}
if (files.length === 0) {
  console.error('No test files found (looked for *.test.ts under packages/*/test).');
  process.exit(1);
}

const stale = staleBuilds(root);
const staleNote = stale.length
  ? `warning: built files are older than their sources (${stale.slice(0, 3).join('; ')}${stale.length > 3 ? '; …' : ''}).\n` +
    'The CLI the tests start runs from dist/: run `npm run build` (npm test does) to test your change.'
  : '';
if (staleNote) console.error(staleNote);

const cores = availableParallelism();
// On 2 cores the CPU sat idle 24% of a run with 2 files at a time, 9% with 3, 3% with 4; but with 4 a
// timing test (no task over 100 ms in the host page) failed once.
const concurrency = Math.max(1, Number(process.env.FORMREQUEST_TEST_CONCURRENCY) || cores + 1);
const baseLimitS = Number(process.env.FORMREQUEST_TEST_FILE_LIMIT_S) || 120;
const scale = Number(process.env.FORMREQUEST_TEST_SCALE) || 1;

/** This file's limit in ms: the base, times how busy the machine is now (1x to 4x), times the scale. */
function fileLimitMs() {
  const busy = Math.min(4, Math.max(1, loadavg()[0] / cores));
  return Math.round(baseLimitS * busy * scale * 1000);
}

// Each file's time in the last run here; on a fresh clone, the times committed in scripts/runner/
// file-times.json (a run on a 2-core machine), so the slow files still go first.
const readTimes = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
const lastTimes = { ...readTimes(join(root, 'scripts/runner/file-times.json')), ...readTimes(timesFile) };
const rel = (file) => relative(root, file);
// Longest first, so the workers finish together; files with no time yet first of all (they may be slow).
files.sort((a, b) => (lastTimes[rel(b)] ?? Infinity) - (lastTimes[rel(a)] ?? Infinity) || a.localeCompare(b));

// With more than one file, one Chromium serves them all (runner/shared-browser.mjs); a single file
// launches its own, as it would run alone.
const sharedBrowser = files.length > 1 ? await startSharedBrowser(root) : { env: {}, close: async () => {} };

const runId = randomBytes(4).toString('hex');
const work = mkdtempSync(join(tmpdir(), 'formrequest-test-'));
const register = pathToFileURL(join(root, 'scripts/sources/register.mjs')).href;
const reporter = pathToFileURL(join(root, 'scripts/runner/events-reporter.mjs')).href;
const cpuUsage = pathToFileURL(join(root, 'scripts/runner/cpu-usage.mjs')).href;
const running = new Map(); // marker -> child
const results = [];

function runFile(file, index) {
  const marker = `${runId}-${index}`;
  const eventsFile = join(work, `${index}.jsonl`);
  const cpuFile = join(work, `${index}.cpu`);
  const limitMs = fileLimitMs();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      register,
      '--import',
      cpuUsage,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${eventsFile}`,
      `--test-timeout=${Math.round(limitMs * 0.8)}`,
      file,
    ],
    {
      cwd: root,
      // A process group of its own: ending the file ends its plain children too.
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...sharedBrowser.env,
        FORMREQUEST_TEST_CPU_FILE: cpuFile,
        // V8's code cache on disk: each file's process compiles the same sources (stripped of their
        // types) and dependencies again otherwise; about 0.25 s of CPU a file that starts the host.
        ...(process.env.NODE_DISABLE_COMPILE_CACHE ? {} : { NODE_COMPILE_CACHE: compileCache }),
        [MARKER]: [process.env[MARKER], marker].filter(Boolean).join(','),
      },
    },
  );
  running.set(marker, child);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    reap(marker, { group: child.pid });
  }, limitMs);
  return new Promise((done) => {
    child.on('close', async (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      // Whatever is still marked now outlived the file: a test left it running, or the file was ended.
      const left = await reap(marker);
      running.delete(marker);
      const events = readEvents(eventsFile);
      const cpu = readCpu(cpuFile);
      const result = {
        file: rel(file),
        seconds,
        cpu,
        limitMs,
        code,
        signal,
        timedOut,
        left,
        ...count(events),
      };
      result.ok = code === 0 && !timedOut && result.fail === 0;
      results.push(result);
      print(result, Buffer.concat(output).toString('utf8'), events);
      done();
    });
  });
}

function readCpu(path) {
  try {
    const seconds = Number(readFileSync(path, 'utf8'));
    return Number.isFinite(seconds) ? seconds : undefined;
  } catch {
    return undefined;
  }
}

function readEvents(path) {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

function count(events) {
  const tally = { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0, failures: [], unfinished: [] };
  const open = new Map();
  for (const e of events) {
    const key = `${e.nesting}\0${e.name}`;
    if (e.type === 'test:dequeue') {
      open.set(key, e.name);
      continue;
    }
    open.delete(key);
    if (e.suite) {
      if (e.type === 'test:fail' && e.error && !/subtests? failed/.test(e.error))
        tally.failures.push(`${e.name}: ${e.error}`);
      continue;
    }
    tally.tests++;
    if (e.type === 'test:fail') {
      tally.fail++;
      tally.failures.push(`${e.name}: ${e.error}`);
    } else if (e.skip) tally.skipped++;
    else if (e.todo) tally.todo++;
    else tally.pass++;
  }
  tally.unfinished = [...open.values()];
  return tally;
}

function print(result, output, events) {
  const mark = result.ok ? '✔' : '✖';
  // node:test's own per-file totals are left out: the header has the time, the end has the totals.
  const body = output.replace(
    /^ℹ (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+\n?/gm,
    '',
  );
  const cpu = result.cpu === undefined ? '' : `, ${result.cpu.toFixed(1)} s CPU`;
  const lines = [`\n${mark} ${result.file} (${result.seconds.toFixed(1)} s${cpu})`, body.trimEnd()];
  if (result.timedOut)
    lines.push(
      `✖ ${result.file}: ended at its time limit of ${(result.limitMs / 1000).toFixed(0)} s` +
        (result.unfinished.length ? `, still running: ${result.unfinished.join(' › ')}` : ''),
    );
  else if (result.code !== 0 && result.fail === 0)
    lines.push(
      `✖ ${result.file}: exited with ${result.signal ?? `code ${result.code}`} (see its output above)`,
    );
  if (result.left.length && !result.timedOut)
    lines.push(
      `⚠ ${result.file} left ${result.left.length} process(es) running, now ended:\n` +
        result.left.map((p) => `    ${p.pid} ${p.command.slice(0, 160)}`).join('\n'),
    );
  if (events.length === 0 && result.code === 0) lines.push(`⚠ ${result.file} ran no test`);
  console.log(lines.filter(Boolean).join('\n'));
}

async function stopAll(signal) {
  await Promise.all([...running.keys()].map((marker) => reap(marker, { group: running.get(marker).pid })));
  await sharedBrowser.close();
  rmSync(work, { recursive: true, force: true });
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
process.once('SIGINT', () => stopAll('SIGINT'));
process.once('SIGTERM', () => stopAll('SIGTERM'));

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, files.length) }, async () => {
    while (next < files.length) {
      const index = next++;
      await runFile(files[index], index);
    }
  }),
);
const wall = (performance.now() - started) / 1000;
await sharedBrowser.close();
rmSync(work, { recursive: true, force: true });

// Remember each file's time for the next run's order.
mkdirSync(join(timesFile, '..'), { recursive: true });
writeFileSync(
  timesFile,
  `${JSON.stringify({ ...lastTimes, ...Object.fromEntries(results.filter((r) => !r.file.includes('fixtures/')).map((r) => [r.file, Math.round(r.seconds * 10) / 10])) }, null, 1)}\n`,
);

const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const failed = results.filter((r) => !r.ok);
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
const over = results.filter((r) => r.seconds > 60);
/** Where the machine's time went: a 2-core machine runs the suite in about (CPU seconds / 2) at best. */
function cpuSummary() {
  const measured = results.filter((r) => r.cpu !== undefined);
  if (measured.length === 0) return [];
  const sum = measured.reduce((s, r) => s + r.cpu, 0);
  const most = [...measured].sort((a, b) => b.cpu - a.cpu).slice(0, 10);
  return [
    '',
    `Most CPU (${sum.toFixed(0)} s of CPU in all, each file's children included):`,
    ...most.map((r) => `  ${r.cpu.toFixed(1).padStart(6)} s  ${r.file}`),
  ];
}

const summary = [
  '',
  `Slowest files (of ${results.length}; a file may take 60 s on a quiet 2-core machine, ${over.length} took longer):`,
  ...slowest.map((r) => `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`),
  ...cpuSummary(),
  '',
  `ℹ files ${results.length}`,
  `ℹ tests ${total('tests')}`,
  `ℹ pass ${total('pass')}`,
  `ℹ fail ${total('fail')}`,
  `ℹ skipped ${total('skipped')}`,
  `ℹ todo ${total('todo')}`,
  `ℹ duration ${wall.toFixed(1)} s (${concurrency} files at a time)`,
];
if (failed.length) {
  summary.push('', '✖ failed:');
  for (const r of failed) {
    const why = r.timedOut
      ? 'ended at its time limit'
      : r.fail
        ? `${r.fail} failing`
        : `exit ${r.signal ?? r.code}`;
    summary.push(`  ${r.file} (${why})`, ...r.failures.map((f) => `    ${f}`));
  }
}
if (staleNote) summary.push('', staleNote);
summary.push(
  '',
  `${total('pass')} passed, ${total('fail') + failed.filter((r) => r.fail === 0).length} failed, ${total('skipped')} skipped`,
);
console.log(summary.join('\n'));
process.exit(failed.length ? 1 : 0);
