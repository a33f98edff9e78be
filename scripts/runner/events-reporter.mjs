// A node:test reporter for scripts/test.mjs: one JSON line per test begun (`test:dequeue`, right before
// it runs; `test:start` waits for its turn to be reported), passed or failed, so the runner can count
// results, list failures at the end, and name the tests still running in a file it had to end at its
// time limit.
export default async function* events(source) {
  for await (const { type, data } of source) {
    if (type !== 'test:dequeue' && type !== 'test:pass' && type !== 'test:fail') continue;
    const line = {
      type,
      name: data.name,
      nesting: data.nesting,
      suite: data.details?.type === 'suite',
      skip: data.skip !== undefined && data.skip !== false,
      todo: data.todo !== undefined && data.todo !== false,
      ms: data.details?.duration_ms,
    };
    if (type === 'test:fail') {
      const error = data.details?.error;
      line.error = String(error?.cause?.message ?? error?.message ?? error ?? '').split('\n')[0];
    }
    yield `${JSON.stringify(line)}\n`;
  }
}
