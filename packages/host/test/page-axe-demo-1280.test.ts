// axe-core over every state of the chat page's demo at 1280x800, light and dark, in real Chromium (the
// states: page-axe-demo.ts; the other width: page-axe-demo-390.test.ts). Setup is page-support.ts.
import { axeOnTheDemo } from './page-axe-demo.js';
import { DESKTOP, useRig } from './page-support.js';

useRig();
axeOnTheDemo(DESKTOP);
