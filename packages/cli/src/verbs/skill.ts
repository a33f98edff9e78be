import type { Verb } from '../verb.js';

// Placeholder until its issue lands: `formrequest skill` is built by the owner of that issue.
const verb: Verb = {
  summary: '(not built yet)',
  usage: 'Usage: formrequest skill',
  async run() {
    process.stderr.write('formrequest skill is not built yet.\n');
    return 1;
  },
};
export default verb;
