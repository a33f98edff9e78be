// The framework examples type-check (strict) against the packages as built and the frameworks' own
// types: examples/ai-sdk-chat (useChat typed with requestFormTool's InferUITools, the MCP client, the
// mock model), examples/assistant-ui (makeAssistantToolUI) and examples/vue (<form-request>'s props and
// events for Vue templates, src/types-check.ts). examples/copilotkit is checked by hand (its README).
// tsc runs single-threaded: the test runner keeps the cores busy already (less CPU, same errors).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

for (const example of ['ai-sdk-chat', 'assistant-ui', 'vue']) {
  test(`examples/${example} type-checks`, () => {
    const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'examples', example), '--singleThreaded'], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `tsc -p examples/${example}:\n${r.stdout}${r.stderr}`);
  });
}
