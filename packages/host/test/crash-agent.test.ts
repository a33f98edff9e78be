// kill -9 while the agent answers a form, and right after its turn was stored (see crash-support.ts):
// the turn is replayed from the agent's saved state, or not at all once it was stored.
import { crashTests } from './crash-support.js';

crashTests([
  { point: 'agent-started', accepted: true, notice: true },
  { point: 'agent-finished', accepted: true, notice: true },
  { point: 'run-finished', accepted: true, notice: false },
]);
