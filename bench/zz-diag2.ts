import { readFileSync } from 'node:fs';
import { readFormArgument, validateFormSchema, formRequestText } from '@formrequest/schema';
import { toElicitation } from '../packages/server/dist/elicitation-schema.js';
import { waitingForInputResult } from '../packages/server/dist/request-form-result.js';
const form = JSON.parse(readFileSync('examples/forms/example1-project.json', 'utf8'));
const t: Record<string, number[]> = {};
const rec = (k: string, s: number) => (t[k] ??= []).push(performance.now() - s);
for (let i = 0; i < 3000; i++) {
  let s = performance.now();
  const a = readFormArgument({ form_schema: form }); rec('read', s); s = performance.now();
  const c = validateFormSchema((a as any).form); rec('validate', s); s = performance.now();
  toElicitation(c.schema!); rec('toElicitation', s); s = performance.now();
  const r = waitingForInputResult(c.schema!, [], undefined); rec('result', s); s = performance.now();
  JSON.stringify(r); rec('stringify', s);
  if (process.env.COLD) await new Promise((r) => setTimeout(r, 1));
}
for (const [k, v] of Object.entries(t)) { v.sort((a, b) => a - b); console.log(k, (v[v.length >> 1] * 1000).toFixed(1), 'us'); }
