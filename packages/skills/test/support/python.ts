// Python with PyYAML, for the tests that compare with seed 003's algorithm (bench/skills-anchor.py)
// and read our YAML back with PyYAML. Missing: an error that names the Debian package.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { requireExecutable } from '../../../../testing/system.ts';

export const anchorScript = resolve(import.meta.dirname, '../../../../bench/skills-anchor.py');

let checked: string | undefined;

export function pythonWithYaml(): string {
  if (checked) return checked;
  const python = requireExecutable(['python3'], 'python3-yaml', 'PYTHON');
  try {
    execFileSync(python, ['-c', 'import yaml'], { stdio: 'pipe' });
  } catch {
    throw new Error(
      `${python} cannot import yaml (PyYAML). Install the Debian package \`python3-yaml\`:\n  sudo apt-get update && sudo apt-get install -y python3-yaml`,
    );
  }
  checked = python;
  return python;
}

/** Runs bench/skills-anchor.py with these arguments; its stdout parsed as JSON. */
export function anchor(...args: string[]): unknown {
  const out = execFileSync(pythonWithYaml(), [anchorScript, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out);
}
