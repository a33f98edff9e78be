import { readFileSync } from 'node:fs';
import { readFormArgument, validateFormSchema } from '@formrequest/schema';
import { toElicitation } from '../packages/server/dist/elicitation-schema.js';
import { waitingForInputResult } from '../packages/server/dist/request-form-result.js';
const text = readFileSync('examples/forms/example1-project.json', 'utf8');
const form = JSON.parse(text);
const mode = process.env.MODE ?? 'same';
const t: Record<string, number[]> = {};
const rec = (k: string, s: number) => (t[k] ??= []).push(performance.now() - s);
let junk: any[] = [];
for (let i = 0; i < 4000; i++) {
  const input = mode === 'same' ? form : JSON.parse(text);
  if (mode === 'pollute') { junk = []; for (let j = 0; j < 2000; j++) junk.push({ a: j, b: String(j), c: [j] }); JSON.stringify(junk); }
  let s = performance.now();
  const a = readFormArgument({ form_schema: input }); rec('read', s); s = performance.now();
  const c = validateFormSchema((a as any).form); rec('validate', s); s = performance.now();
  toElicitation(c.schema!); rec('toElicitation', s); s = performance.now();
  waitingForInputResult(c.schema!, [], undefined); rec('result', s);
  if (mode === 'sleep') await new Promise((r) => setTimeout(r, 1));
  if (mode === 'immediate') await new Promise((r) => setImmediate(r));
}
console.log(mode, Object.entries(t).map(([k, v]) => { v.sort((a, b) => a - b); return `${k} ${(v[v.length >> 1] * 1000).toFixed(1)}`; }).join('  '));
