// kill -9 around the commit of a form answer (see crash-support.ts): before it nothing was accepted and
// the form still waits; right after it the answer is delivered at the next start.
import { crashTests } from './crash-support.js';

crashTests([
  { point: 'answer-before-commit', accepted: false, notice: false },
  { point: 'answer-after-commit', accepted: true, notice: false },
]);
