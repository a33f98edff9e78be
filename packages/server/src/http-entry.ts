// `@formrequest/server/http`: the main entry, and the schema's reading of addresses `formrequest serve
// --http` checks --host with, built into one file with their dependencies (dist/http.bundle.js,
// scripts/build-bundles.mjs): the command then loads one module instead of some 300 (issue 30). `pg`
// (optional, --db only) stays outside.
export { addressKind } from '@formrequest/schema';
export * from './index.js';
