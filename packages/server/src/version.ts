import { createRequire } from 'node:module';

export const SERVER_NAME = 'form';
// Read from package.json so the advertised version never drifts from the published one.
export const SERVER_VERSION: string = createRequire(import.meta.url)('../package.json').version;
