import { readFileSync } from 'node:fs';
import { validateFormSchema } from '@formrequest/schema';
import { waitingForInputResult } from '../packages/server/dist/request-form-result.js';
const form = JSON.parse(readFileSync('examples/forms/example1-project.json', 'utf8'));
const r = waitingForInputResult(validateFormSchema(form).schema!, []);
console.log('result', JSON.stringify(r).length, 'content', JSON.stringify(r.content).length, 'structured', JSON.stringify(r.structuredContent).length, '_meta', JSON.stringify(r._meta).length, '_metadata', JSON.stringify(r._metadata).length);
console.log('echo', JSON.stringify({ content: [{ type: 'text', text: JSON.stringify({ form_schema: form }) }] }).length);
console.log(r.content[0].text.slice(0, 300));
