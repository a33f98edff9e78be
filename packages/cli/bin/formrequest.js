#!/usr/bin/env node
// The installed command runs the built CLI; `npm install` builds it (the root `prepare` script).

// Node's compile cache (V8 code cache on disk, in the OS temp folder; Node >= 22.1): from the second
// run on, the CLI's modules and bundles are not parsed and compiled again before the first frame.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. It must be on before the CLI loads: a dynamic import.
process.getBuiltinModule('node:module').enableCompileCache?.();
const { runCli } = await import('../dist/main.js');

await runCli(process.argv.slice(2));
