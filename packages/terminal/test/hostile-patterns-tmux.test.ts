// The hostile pattern corpus through `formrequest ask` in a real terminal (tmux): every hostile text
// (the long ones 50,000 characters) pasted into the field (the terminal keeps the first 10,000, the
// seed's cap, and says so), checked on Enter with the verdict every other surface reaches, at once;
// refused patterns end `ask` with the field, the property and the limit, and the command is ready for
// the next form.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { validateAnswers } from '@formrequest/schema';
import { ADMITTED, hostileTexts, patternForm, REFUSED } from '../../../testing/hostile-patterns.ts';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';
import { PASTE_MAX_CHARS } from '../src/paste.js';

const socket = `formrequest-hostile-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-hostile-'));
before(() => startServer(socket));
after(() => killServer(socket));

const MISMATCH = 'MISMATCH';
/** Pastes a long text (too long for a tmux command line) from a file, as bracketed paste. */
function pasteLong(pane: Pane, text: string): void {
  const file = join(pane.dir, 'paste.txt');
  writeFileSync(file, text);
  pane.tmux('load-buffer', '-b', pane.target, file);
  pane.tmux('paste-buffer', '-p', '-d', '-b', pane.target, '-t', pane.target);
}
const form = (pattern: string) => {
  const f = patternForm(pattern);
  f.fields[0]!.patternError = MISMATCH;
  return f;
};

test('ask: every hostile text pasted against each admitted hostile pattern, the verdict of every surface', async () => {
  for (const [i, { name, pattern }] of ADMITTED.entries()) {
    const file = join(dir, `admitted-${i}.json`);
    writeFileSync(file, JSON.stringify(form(pattern)));
    for (const [j, text] of hostileTexts().entries()) {
      const kept = text.slice(0, PASTE_MAX_CHARS);
      const label = `${name} on text ${j} (${text.length} characters)`;
      const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true, width: 80, height: 24 });
      try {
        await pane.waitFor(/テキスト \(1\/1\)/);
        pasteLong(pane, text);
        if (text.length > PASTE_MAX_CHARS) await pane.waitFor(/10,?000/); // the cut is announced
        const expected = validateAnswers(form(pattern) as never, { text: kept });
        const start = Date.now();
        pane.keys('Enter');
        // A backtracking engine would still be running when this gives up (20 s).
        await pane.waitFor(expected.ok ? /> 送信\n/ : new RegExp(MISMATCH));
        const ms = Date.now() - start;
        assert.ok(ms < 10_000, `${label}: the verdict took ${ms} ms`);
        if (expected.ok) {
          pane.keys('Enter');
          const r = await pane.exit();
          assert.equal(r.code, 0, `${label}: ${r.terminal}`);
          assert.deepEqual(JSON.parse(r.stdout), expected.values, label);
        }
      } finally {
        pane.kill();
      }
    }
  }
});

test('ask: a refused pattern ends with the field, the property and the limit; the next form works', async () => {
  // Three of them (every refusal is tested on the schema, server, host and browser too): a size, a
  // backreference, lookaround.
  for (const [i, { name, pattern }] of [REFUSED[0]!, ...REFUSED.slice(-2)].entries()) {
    const file = join(dir, `refused-${i}.json`);
    writeFileSync(file, JSON.stringify(form(pattern)));
    const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true, width: 100, height: 30 });
    try {
      const r = await pane.exit();
      assert.notEqual(r.code, 0, name);
      assert.match(r.terminal, /フィールド\[0\]（type: text）のpattern/, name);
    } finally {
      pane.kill();
    }
  }
  const file = join(dir, 'next.json');
  writeFileSync(file, JSON.stringify(form('^[a-z]+$')));
  const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true });
  try {
    await pane.waitFor(/テキスト \(1\/1\)/);
    pane.literal('ok');
    pane.keys('Enter');
    await pane.waitFor(/> 送信\n/);
    pane.keys('Enter');
    const r = await pane.exit();
    assert.deepEqual(JSON.parse(r.stdout), { text: 'ok' });
  } finally {
    pane.kill();
  }
});
