// The hostile pattern corpus through `formrequest ask` in a real terminal (tmux), second half of the
// admitted patterns (hostile-patterns-ask.ts; the first half is hostile-patterns-tmux.test.ts);
// refused patterns end `ask` with the field, the property and the limit, and the command is ready for
// the next form.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { REFUSED } from '../../../testing/hostile-patterns.ts';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';
import { ADMITTED_HALVES, askEveryText, form } from './hostile-patterns-ask.ts';

const socket = `formrequest-hostile-rest-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-hostile-'));
before(() => startServer(socket));
after(() => killServer(socket));

test('ask: every hostile text pasted against each admitted hostile pattern (second half), the verdict of every surface', async () => {
  await askEveryText(socket, dir, ADMITTED_HALVES[1]);
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
