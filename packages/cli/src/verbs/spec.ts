import type { Verb } from '../verb.js';

// Placeholder until its issue lands: `formrequest spec` is built by the owner of that issue.
const verb: Verb = {
  summary: '(not built yet)',
  usage: 'Usage: formrequest spec',
  async run() {
    process.stderr.write('formrequest spec is not built yet.\n');
    return 1;
  },
};
export default verb;
