import type { Verb } from '../verb.js';

// Placeholder until its issue lands: `formrequest demo` is built by the owner of that issue.
const verb: Verb = {
  summary: '(not built yet)',
  usage: 'Usage: formrequest demo',
  async run() {
    process.stderr.write('formrequest demo is not built yet.\n');
    return 1;
  },
};
export default verb;
