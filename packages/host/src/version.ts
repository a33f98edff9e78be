import { createRequire } from 'node:module';

// The package version (the MCP client name/version the host announces), read from package.json so it
// never drifts from the published one.
export const HOST_VERSION: string = createRequire(import.meta.url)('../package.json').version;
