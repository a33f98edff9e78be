// Time from start to first frame of `formrequest question` in a real terminal (tmux), inline (the
// default) and full-screen, against two anchors in the same run: `node -e` printing one character
// (Node's own start-up) and an equivalent @clack/prompts select. Targets (issue 28): `question` at most
// 1.0x the clack prompt, with emoji text at most 1.1x, and `ask` (a form's first field) at most 1.2x.
//
// Each run starts a command in a new tmux session (the server is already up) and polls capture-pane
// until the frame's marker text is on screen. The polling adds the same few milliseconds to every
// subject; the subjects run interleaved so machine noise spreads evenly. The installed command is used,
// packages/cli/bin/formrequest.js on the built CLI (`npm run bench` builds first), with Node's compile
// cache it turns on, filled by the warm-up round as by a person's first run; one `ask` runs without it
// (NODE_DISABLE_COMPILE_CACHE=1), as the very first run after an install or an upgrade would. The tsx
// source entry is shown for reference only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sourcesHook } from '../testing/cli.ts';
import { requireExecutable } from '../testing/system.ts';

const root = resolve(import.meta.dirname, '..');
const tmux = requireExecutable(['tmux', '/usr/bin/tmux'], 'tmux');
const socket = `formrequest-bench-${process.pid}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const question = join(root, 'examples/questions/single.json');
const builtCli = join(root, 'packages/cli/bin/formrequest.js');
if (
  !existsSync(join(root, 'packages/cli/dist/main.js')) ||
  !existsSync(join(root, 'packages/terminal/dist/question.bundle.js'))
) {
  console.error('Build first: npm run build (the benchmark runs the built `formrequest`).');
  process.exit(1);
}
const emojiQuestion = join(mkdtempSync(join(tmpdir(), 'formrequest-bench-')), 'emoji.json');
writeFileSync(
  emojiQuestion,
  JSON.stringify({
    questions: [
      { question: 'どれにしますか？ 👍🏽', header: 'é', options: [{ label: '🍣 すし' }, { label: 'café' }] },
    ],
  }),
);
const form = join(root, 'examples/forms/example1-project.json');
const clackPath = createRequire(join(root, 'packages/terminal/package.json')).resolve('@clack/prompts');

const clackScript = `
import { select } from ${JSON.stringify(clackPath)};
await select({
  message: 'どのファイルを編集しますか？',
  options: [
    { value: 'main.ts', label: 'main.ts', hint: 'エントリーポイント' },
    { value: 'utils.ts', label: 'utils.ts', hint: 'ユーティリティ関数' },
    { value: 'config.ts', label: 'config.ts', hint: '設定ファイル' },
    { value: 'other', label: 'その他（自由記述）' },
  ],
});`;

interface Subject {
  name: string;
  argv: string[];
  /** Text whose appearance on screen marks the first frame. */
  marker: string;
}
const [tsxNode, tsxArgs] = [
  process.execPath,
  ['--import', sourcesHook, join(root, 'packages/cli/src/main.ts'), 'question', question],
];
const subjects: Subject[] = [
  {
    name: 'node -e (prints one character)',
    argv: [process.execPath, '-e', "process.stdout.write('@')"],
    marker: '@',
  },
  {
    name: '@clack/prompts select',
    argv: [process.execPath, '--input-type=module', '-e', clackScript],
    marker: 'その他',
  },
  {
    name: 'formrequest question (built)',
    argv: [process.execPath, builtCli, 'question', question],
    marker: 'その他',
  },
  {
    name: 'formrequest question --fullscreen',
    argv: [process.execPath, builtCli, 'question', question, '--fullscreen'],
    marker: 'その他',
  },
  { name: 'formrequest question (tsx, source)', argv: [tsxNode, ...tsxArgs], marker: 'その他' },
  {
    // Text outside ASCII, kana, kanji and the screens' own symbols is measured per grapheme (string-width
    // loads after the first frame).
    name: 'formrequest question (built, emoji)',
    argv: [process.execPath, builtCli, 'question', emojiQuestion],
    marker: 'その他',
  },
  {
    name: 'formrequest ask (built, example 1)',
    argv: [process.execPath, builtCli, 'ask', form],
    marker: 'Esc',
  },
  {
    name: 'formrequest ask (no compile cache)',
    argv: ['env', 'NODE_DISABLE_COMPILE_CACHE=1', process.execPath, builtCli, 'ask', form],
    marker: 'Esc',
  },
];

function t(...args: string[]): string {
  return spawnSync(tmux, ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' }).stdout;
}
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function firstFrameMs(subject: Subject, run: number): number {
  const name = `s${run}`;
  const command = `${subject.argv.map(quote).join(' ')}; sleep 30`;
  const start = performance.now();
  t('new-session', '-d', '-s', name, '-x', '80', '-y', '20', command);
  for (;;) {
    if (t('capture-pane', '-p', '-t', name).includes(subject.marker)) break;
    if (performance.now() - start > 20_000) throw new Error(`${subject.name}: no frame after 20 s`);
  }
  const ms = performance.now() - start;
  t('kill-session', '-t', name);
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

t('new-session', '-d', '-s', 'keep', 'sleep 3600');
try {
  const times = subjects.map(() => [] as number[]);
  let n = 0;
  for (const [i, s] of subjects.entries()) firstFrameMs(s, n++ + i); // warm the file cache
  for (let r = 0; r < RUNS; r++) {
    // Rotate the order each round so no subject always runs right after the same one.
    for (let j = 0; j < subjects.length; j++) {
      const i = (j + r) % subjects.length;
      times[i]!.push(firstFrameMs(subjects[i]!, n++));
    }
  }
  const clack = median(times[1]!);
  console.log(`first frame in tmux 80x20, median of ${RUNS} runs (interleaved, rotating order)`);
  for (const [i, s] of subjects.entries()) {
    const m = median(times[i]!);
    console.log(`  ${s.name.padEnd(36)} ${m.toFixed(0).padStart(5)} ms   ${(m / clack).toFixed(2)}x clack`);
  }
  const targets: [string, number, number][] = [
    ['formrequest question (built)', 2, 1.0],
    ['formrequest question (built, emoji)', 5, 1.1],
    ['formrequest ask (built, example 1)', 6, 1.2],
  ];
  let ok = true;
  for (const [name, i, limit] of targets) {
    const ratio = median(times[i]!) / clack;
    const met = ratio <= limit;
    ok &&= met;
    console.log(
      `target: ${name} <= ${limit.toFixed(1)}x clack: ${ratio.toFixed(2)}x ${met ? 'MET' : 'MISSED'}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  spawnSync(tmux, ['-L', socket, 'kill-server']);
}
