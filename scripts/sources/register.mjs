// `node --import ./scripts/sources/register.mjs file.ts`: runs TypeScript (tsx) with the workspace
// packages resolved to their sources (hooks.mjs). Used by the test and bench runners and by tests that
// start the CLI in a child process; nothing here is published.
import { register } from 'node:module';
import 'tsx';

// Registered after tsx, so it resolves first and hands tsx a .ts file to load.
register('./hooks.mjs', import.meta.url);
