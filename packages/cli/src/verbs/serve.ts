import type { Verb } from '../verb.js';

// Placeholder until its issue lands: `formrequest serve` is built by the owner of that issue.
const verb: Verb = {
  summary: '(not built yet)',
  usage: 'Usage: formrequest serve',
  async run() {
    process.stderr.write('formrequest serve is not built yet.\n');
    return 1;
  },
};
export default verb;
