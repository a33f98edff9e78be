// The --out folder of `formrequest skill`. Each skill is written whole or not at all:
//   1. its files go to a staging folder inside --out (same file system), as the catalog is read;
//   2. once the whole catalog has been read, each skill folder is renamed into place (an earlier
//      version of it is moved aside first and removed after), so SKILL.md never points at a missing
//      references/tools.yaml; a failure or a bad catalog leaves --out as it was;
//   3. every skill folder we write holds a mark, `.formrequest.json` (the source, the server id and
//      the files we wrote). Only marked folders are replaced or pruned, and only the files the mark
//      lists are removed: anything a person added to a skill folder is carried over to the new one.
import { dirname, join, relative, resolve, sep } from 'node:path';
import { crypto } from './node-crypto.js';
import type { Skill } from './skills.js';
import { makeFolder, pathProblem } from './write.js';

// node:fs through process.getBuiltinModule, not `import`: see node-crypto.ts for why (import weight).
const {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} = process.getBuiltinModule('node:fs');

export const MARK_FILE = '.formrequest.json';
/** Staging folders are named `.formrequest-staging-<pid>-<random>`, so a later run knows a dead run's. */
const STAGING_PREFIX = '.formrequest-staging-';
/** A staging folder without a process id (written before ids were recorded) counts as stale after this. */
const UNOWNED_STALE_MS = 60 * 60 * 1000;
const GENERATOR = 'formrequest skill';

export interface SkillMark {
  generator: string;
  /** The catalog file (absolute path), server URL or stdio command the skill was made from. */
  source: string;
  server: string;
  /** Files we wrote, relative to the skill folder, '/'-separated. */
  files: string[];
}

export class OutputError extends Error {}

export interface SkillsFolderOptions {
  /**
   * Until `release()`, SIGINT and SIGTERM remove the staging folder and end the process (exit 130 /
   * 143, as a shell reports them), so an interrupted run leaves --out as it was. Installed before the
   * staging folder is made: whenever it exists, a signal removes it.
   */
  closeOnSignals?: boolean;
}

/** Reads a skill folder's mark; undefined when the folder was not written by us. */
export function readMark(folder: string): SkillMark | undefined {
  try {
    const mark = JSON.parse(readFileSync(join(folder, MARK_FILE), 'utf8')) as SkillMark;
    return mark.generator === GENERATOR && Array.isArray(mark.files) ? mark : undefined;
  } catch {
    return undefined;
  }
}

interface Staged {
  key: string;
  name: string;
  serverId: string;
  files: string[];
}

export class SkillsFolder {
  readonly root: string;
  private readonly staging: string;
  private readonly staged: Staged[] = [];
  private next = 0;

  private releaseSignals?: () => void;

  /** Opens (creating when needed) the output folder and its staging folder; OutputError at once if it cannot hold files. */
  private readonly source: string;
  constructor(root: string, source: string, options: SkillsFolderOptions = {}) {
    this.source = source;
    this.root = resolve(root);
    try {
      makeFolder(this.root);
    } catch (error) {
      throw new OutputError(`cannot write the skills under ${root}: ${(error as Error).message}`);
    }
    removeStaleStaging(this.root);
    this.staging = join(
      this.root,
      `${STAGING_PREFIX}${process.pid}-${crypto().randomBytes(4).toString('hex')}`,
    );
    // The handlers go in before the folder exists: a signal between the two would otherwise find
    // Node's default action (the process killed, the folder left behind until the next run).
    if (options.closeOnSignals) this.releaseSignals = this.listenForSignals();
    try {
      mkdirSync(this.staging);
    } catch (error) {
      this.release();
      throw new OutputError(`cannot write the skills under ${root}: ${pathProblem(error)}`);
    }
  }

  /** Writes a skill's files into the staging folder (nothing visible in --out yet). */
  stage(skill: Skill): void {
    const key = String(this.next++);
    const folder = join(this.staging, key);
    mkdirSync(folder);
    const files: string[] = [];
    for (const file of skill.files) {
      const inner = file.path.slice(file.path.indexOf('/') + 1);
      const target = join(folder, ...inner.split('/'));
      if (inner.includes('/')) mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content);
      files.push(inner);
    }
    const mark: SkillMark = { generator: GENERATOR, source: this.source, server: skill.serverId, files };
    writeFileSync(join(folder, MARK_FILE), `${JSON.stringify(mark, null, 2)}\n`);
    this.staged.push({ key, name: skill.name, serverId: skill.serverId, files });
  }

  /** Names in --out now (read once per commit rather than probed per skill). */
  private present(): Set<string> {
    return new Set(readdirSync(this.root));
  }

  /** Renames a staged skill (its folder and the `name:` line of its SKILL.md) before it is committed. */
  rename(serverId: string, name: string): void {
    const skill = this.staged.find((s) => s.serverId === serverId);
    if (!skill || skill.name === name) return;
    const path = join(this.staging, skill.key, 'SKILL.md');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(`\nname: ${skill.name}\n`, `\nname: ${name}\n`));
    skill.name = name;
  }

  /** Folders in --out that we would replace but did not write (no mark): refused before anything moves. */
  conflicts(): string[] {
    const present = this.present();
    return this.staged
      .filter((s) => present.has(s.name))
      .map((s) => join(this.root, s.name))
      .filter((folder) => !readMark(folder));
  }

  /** Moves every staged skill into place. Returns the skill names written. */
  commit(): string[] {
    const conflicts = this.conflicts();
    if (conflicts.length > 0) {
      throw new OutputError(
        `not written: ${conflicts.map((c) => relative(process.cwd(), c) || c).join(', ')} already exist${conflicts.length === 1 ? 's' : ''} and ${conflicts.length === 1 ? 'was' : 'were'} not written by formrequest (no ${MARK_FILE}); move ${conflicts.length === 1 ? 'it' : 'them'} away or choose another --out`,
      );
    }
    const written: string[] = [];
    for (const skill of this.staged) {
      const staged = join(this.staging, skill.key);
      const mark: SkillMark = {
        generator: GENERATOR,
        source: this.source,
        server: skill.serverId,
        files: skill.files,
      };
      writeFileSync(join(staged, MARK_FILE), `${JSON.stringify(mark, null, 2)}\n`);
      const target = join(this.root, skill.name);
      const old = readMark(target);
      if (old) {
        // Files a person added to the old folder come along to the new one.
        const ours = new Set([...old.files, MARK_FILE]);
        for (const file of listFiles(target)) {
          if (ours.has(file) || skill.files.includes(file)) continue;
          const to = join(staged, ...file.split('/'));
          mkdirSync(dirname(to), { recursive: true });
          renameSync(join(target, ...file.split('/')), to);
        }
        const aside = join(this.staging, `${skill.key}.old`);
        renameSync(target, aside);
        renameSync(staged, target);
        rmSync(aside, { recursive: true, force: true });
      } else renameSync(staged, target);
      written.push(skill.name);
    }
    this.staged.length = 0;
    return written;
  }

  /**
   * Removes skills an earlier run wrote from the same source that this run did not write, when
   * `keep(serverId)` says no. Only the files their mark lists go; a folder holding other files stays.
   */
  prune(written: string[], keep: (serverId: string) => boolean): { removed: string[]; kept: string[] } {
    const removed: string[] = [];
    const kept: string[] = [];
    const mine = new Set(written);
    for (const entry of readdirSync(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || mine.has(entry.name) || entry.name.startsWith('.')) continue;
      const folder = join(this.root, entry.name);
      const mark = readMark(folder);
      if (!mark || mark.source !== this.source || keep(mark.server)) continue;
      for (const file of [...mark.files, MARK_FILE])
        rmSync(join(folder, ...file.split('/')), { force: true });
      removeEmptyFolders(folder);
      if (existsSync(folder)) kept.push(entry.name);
      else removed.push(entry.name);
    }
    return { removed, kept };
  }

  /** Removes the staging folder (after commit, or instead of it when the run fails). */
  close(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }

  /** Ends the `closeOnSignals` option's handling (the run is over): signals act as Node's defaults again. */
  release(): void {
    this.releaseSignals?.();
    this.releaseSignals = undefined;
  }

  private listenForSignals(): () => void {
    // `on`, not `once`: a second signal while the folder goes (Ctrl+C pressed twice) must not find the
    // default action back and kill the process halfway through the removal.
    let ending = false;
    const handler = (signal: NodeJS.Signals) => {
      if (ending) return;
      ending = true;
      this.close();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    };
  }
}

/**
 * Removes what runs that were killed outright (SIGKILL, a power cut) left behind: staging folders
 * whose process is gone (another run's live folder stays), and unowned ones older than an hour.
 */
export function removeStaleStaging(root: string): string[] {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of entries) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const path = join(root, name);
    const pid = /^(\d+)-[0-9a-f]+$/.exec(name.slice(STAGING_PREFIX.length))?.[1];
    let stale: boolean;
    if (pid !== undefined) stale = Number(pid) !== process.pid && !alive(Number(pid));
    else {
      try {
        stale = Date.now() - statSync(path).mtimeMs > UNOWNED_STALE_MS;
      } catch {
        stale = false;
      }
    }
    if (!stale) continue;
    rmSync(path, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Files under a folder, relative and '/'-separated. */
function listFiles(folder: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(folder, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(folder, rel));
    else out.push(rel);
  }
  return out;
}

function removeEmptyFolders(folder: string): void {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyFolders(join(folder, entry.name));
  }
  try {
    rmdirSync(folder);
  } catch {
    // not empty: something we did not write is in it
  }
}

/** How a source is recorded in the marks (absolute path for a file), so prune only touches its own skills. */
export function sourceKey(
  source: { file: string } | { url: string } | { command: string; args?: string[] },
): string {
  if ('file' in source) return resolve(source.file).split(sep).join('/');
  if ('url' in source) return source.url;
  return [source.command, ...(source.args ?? [])].join(' ');
}
