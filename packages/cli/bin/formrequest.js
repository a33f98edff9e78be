#!/usr/bin/env node
// The installed command runs the built CLI; `npm install` builds it (the root `prepare` script).
import { runCli } from '../dist/main.js';

await runCli(process.argv.slice(2));
