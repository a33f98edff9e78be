import { readFileSync } from 'node:fs';

/** The package version, read once from package.json (works from src/ and dist/ alike). */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
