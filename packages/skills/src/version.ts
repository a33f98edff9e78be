// The package version, sent as the client version when reading a live server and pinned in the command
// a callable skill documents; read from package.json so it never drifts from the published one. Read on
// first use, and as a file: `createRequire` and a CommonJS load of the JSON cost ~0.5 MB of memory on
// importing the package.
const { readFileSync } = process.getBuiltinModule('node:fs');

let version: string | undefined;

export function packageVersion(): string {
  version ??= (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return version;
}
