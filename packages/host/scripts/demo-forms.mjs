#!/usr/bin/env node
// Copies the demo's all-types form (examples/forms/all-types.json, the one file the examples, the tests
// and the demo share) into dist/demo/, where the published package reads it (src/agents/all-types.ts).
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const pkg = resolve(import.meta.dirname, '..');
const from = resolve(pkg, '../../examples/forms/all-types.json');
const to = resolve(pkg, 'dist/demo/all-types.json');
mkdirSync(resolve(pkg, 'dist/demo'), { recursive: true });
copyFileSync(from, to);
console.log(`demo-forms: ${to}`);
