// The hostile pattern corpus through `formrequest ask` in a real terminal (tmux), first half of the
// admitted patterns (hostile-patterns-ask.ts; the second half and the refused patterns are in
// hostile-patterns-tmux-rest.test.ts, which runs beside this file).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { killServer, startServer } from '../../../testing/tmux.ts';
import { ADMITTED_HALVES, askEveryText } from './hostile-patterns-ask.ts';

const socket = `formrequest-hostile-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-hostile-'));
before(() => startServer(socket));
after(() => killServer(socket));

test('ask: every hostile text pasted against each admitted hostile pattern (first half), the verdict of every surface', async () => {
  await askEveryText(socket, dir, ADMITTED_HALVES[0]);
});
