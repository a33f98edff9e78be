#!/usr/bin/env node
// The installed command runs the built CLI; `npm install` builds it (the root `prepare` script).
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
