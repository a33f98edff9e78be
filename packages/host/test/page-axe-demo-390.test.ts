// axe-core over every state of the chat page's demo at 390x844, light and dark, in real Chromium (the
// states: page-axe-demo.ts; the other width: page-axe-demo-1280.test.ts). Setup is page-support.ts.
import { axeOnTheDemo } from './page-axe-demo.js';
import { PHONE, useRig } from './page-support.js';

useRig();
axeOnTheDemo(PHONE);
