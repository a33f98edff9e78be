// Finding the system tools that real-part tests drive (a browser, a terminal multiplexer).
// A missing tool fails with a message that names the Debian package to install.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findExecutable(names: string[]): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).concat(['/usr/bin', '/usr/local/bin', '/bin']);
  for (const name of names) {
    if (name.startsWith('/')) {
      if (isExecutable(name)) return name;
      continue;
    }
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path)) return path;
    }
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of a required tool, or an error that says which Debian package provides it. */
export function requireExecutable(names: string[], debianPackage: string, envVar?: string): string {
  const fromEnv = envVar ? process.env[envVar] : undefined;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`${envVar}=${fromEnv} is not an executable file. Unset it or point it at the program.`);
  }
  const found = findExecutable(names);
  if (found) return found;
  throw new Error(
    `${names[0]} was not found on this machine. Install the Debian package \`${debianPackage}\`:\n` +
      `  sudo apt-get update && sudo apt-get install -y ${debianPackage}` +
      (envVar ? `\nor set ${envVar} to its path.` : ''),
  );
}
