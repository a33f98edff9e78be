// The first-call repairs, wired: what the vocabulary offers for a JSON Schema habit (property-hints.ts)
// and the lookahead password rule split into checks (lookahead-rule.ts). The checker with every part
// (validate.ts) passes them to the sentences and the reader, so a model's call on any server, the
// terminal or `check` is read and answered with them. A page's modules never import this one: a browser
// checks forms but has no model to teach, and its bundles stay without these tables (the web package's
// test/browser-graph.test.ts holds that).
import type { ModelRepairs } from './check-parts.js';
import { splitLookaheadRule } from './lookahead-rule.js';
import { propertyHint } from './property-hints.js';

export const MODEL_REPAIRS: ModelRepairs = { propertyHint, splitLookaheadRule };
