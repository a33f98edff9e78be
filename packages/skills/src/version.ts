import { createRequire } from 'node:module';

// The package version, sent as the client version when reading a live server; read from package.json
// so it never drifts from the published one.
export const VERSION: string = createRequire(import.meta.url)('../package.json').version;
