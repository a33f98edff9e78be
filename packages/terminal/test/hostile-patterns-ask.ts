// The hostile pattern corpus through `formrequest ask` in a real terminal (tmux), shared by the two
// files that split the admitted patterns between them (hostile-patterns-tmux*.test.ts, run side by side):
// every hostile text (the long ones 50,000 characters) pasted into the field (the terminal keeps the
// first 10,000, the seed's cap, and says so), checked on Enter with the verdict every other surface
// reaches, at once.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateAnswers } from '@formrequest/schema';
import { ADMITTED, hostileTexts, patternForm } from '../../../testing/hostile-patterns.ts';
import { Pane } from '../../../testing/tmux.ts';
import { PASTE_MAX_CHARS } from '../src/paste.js';

export const MISMATCH = 'MISMATCH';

/** The admitted patterns in two halves, one per test file. */
export const ADMITTED_HALVES = [
  ADMITTED.slice(0, Math.ceil(ADMITTED.length / 2)),
  ADMITTED.slice(Math.ceil(ADMITTED.length / 2)),
] as const;

/** Pastes a long text (too long for a tmux command line) from a file, as bracketed paste. */
function pasteLong(pane: Pane, text: string): void {
  const file = join(pane.dir, 'paste.txt');
  writeFileSync(file, text);
  pane.tmux('load-buffer', '-b', pane.target, file);
  pane.tmux('paste-buffer', '-p', '-d', '-b', pane.target, '-t', pane.target);
}

/** A one-field form with `pattern` whose mismatch message is MISMATCH. */
export const form = (pattern: string) => {
  const f = patternForm(pattern);
  f.fields[0]!.patternError = MISMATCH;
  return f;
};

/** Every hostile text against each pattern, in `ask` on tmux server `socket`: the verdict of every surface. */
export async function askEveryText(
  socket: string,
  dir: string,
  patterns: readonly { name: string; pattern: string }[],
): Promise<void> {
  for (const [i, { name, pattern }] of patterns.entries()) {
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
}
