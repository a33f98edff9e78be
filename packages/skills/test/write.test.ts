// Atomic writes: a file is replaced by renaming a finished temporary file over it (so a reader sees the
// old bytes or the new ones, never half), and no temporary file is left behind, even on failure.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MARK_FILE, OutputError, readMark, SkillsFolder, writeFileAtomic } from '@formrequest/skills/cli';

test('an existing file is replaced by rename (a new inode), not rewritten in place', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
  const path = join(dir, 'SKILL.md');
  writeFileSync(path, 'old');
  const before = statSync(path).ino;
  await writeFileAtomic(path, 'new');
  assert.equal(readFileSync(path, 'utf8'), 'new');
  assert.notEqual(statSync(path).ino, before);
  assert.deepEqual(readdirSync(dir), ['SKILL.md']);
});

test('a failed write leaves the target as it was and no temporary file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
  mkdirSync(join(dir, 'SKILL.md'));
  writeFileSync(join(dir, 'SKILL.md', 'inside'), 'x');
  await assert.rejects(writeFileAtomic(join(dir, 'SKILL.md'), 'new'));
  assert.deepEqual(readdirSync(dir), ['SKILL.md']);
  assert.deepEqual(readdirSync(join(dir, 'SKILL.md')), ['inside']);
});

const skill = (name: string, files: Record<string, string>, serverId = name) => ({
  name,
  serverId,
  files: Object.entries(files).map(([path, content]) => ({ path: `${name}/${path}`, content })),
});

test('skills are staged, then moved into place whole, each with a mark listing the files we wrote', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skills-folder-'));
  const folder = new SkillsFolder(dir, '/cat.yaml');
  folder.stage(skill('a', { 'SKILL.md': 'x', 'references/tools.yaml': 'y' }, 'A'));
  const staging = readdirSync(dir);
  assert.equal(staging.length, 1, 'only the staging folder exists before commit');
  assert.match(staging[0]!, /^\.formrequest-staging-/);
  assert.deepEqual(folder.commit(), ['a']);
  folder.close();
  assert.deepEqual(readdirSync(dir), ['a']);
  assert.deepEqual(readMark(join(dir, 'a')), {
    generator: 'formrequest skill',
    source: '/cat.yaml',
    server: 'A',
    files: ['SKILL.md', 'references/tools.yaml'],
  });
});

test('a new run replaces our folder whole (a full run drops the lazy tools.yaml) and keeps files a person added', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skills-folder-'));
  let folder = new SkillsFolder(dir, '/cat.yaml');
  folder.stage(skill('a', { 'SKILL.md': 'lazy', 'references/tools.yaml': 'y' }));
  folder.commit();
  folder.close();
  writeFileSync(join(dir, 'a', 'notes.md'), 'mine');
  folder = new SkillsFolder(dir, '/cat.yaml');
  folder.stage(skill('a', { 'SKILL.md': 'full' }));
  folder.commit();
  folder.close();
  assert.deepEqual(readdirSync(join(dir, 'a')).sort(), [MARK_FILE, 'SKILL.md', 'notes.md']);
  assert.equal(readFileSync(join(dir, 'a', 'notes.md'), 'utf8'), 'mine');
  assert.equal(readFileSync(join(dir, 'a', 'SKILL.md'), 'utf8'), 'full');
});

test('a folder we did not write is never replaced: the whole commit is refused, nothing moves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skills-folder-'));
  mkdirSync(join(dir, 'b'));
  writeFileSync(join(dir, 'b', 'SKILL.md'), 'hand-written');
  const folder = new SkillsFolder(dir, '/cat.yaml');
  folder.stage(skill('a', { 'SKILL.md': 'x' }));
  folder.stage(skill('b', { 'SKILL.md': 'y' }));
  assert.throws(
    () => folder.commit(),
    (e: Error) =>
      e instanceof OutputError && /b already exists and was not written by formrequest/.test(e.message),
  );
  folder.close();
  assert.deepEqual(readdirSync(dir), ['b']);
  assert.equal(readFileSync(join(dir, 'b', 'SKILL.md'), 'utf8'), 'hand-written');
});

test('prune removes only marked skills of the same source, and only the files the mark lists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skills-folder-'));
  let folder = new SkillsFolder(dir, '/cat.yaml');
  for (const name of ['old', 'kept', 'stay']) folder.stage(skill(name, { 'SKILL.md': name }));
  folder.commit();
  folder.close();
  folder = new SkillsFolder(dir, '/other.yaml');
  folder.stage(skill('other', { 'SKILL.md': 'o' }));
  folder.commit();
  folder.close();
  writeFileSync(join(dir, 'kept', 'notes.md'), 'mine');
  mkdirSync(join(dir, 'hand'));
  writeFileSync(join(dir, 'hand', 'SKILL.md'), 'hand-written');
  folder = new SkillsFolder(dir, '/cat.yaml');
  folder.stage(skill('stay', { 'SKILL.md': 'again' }));
  const written = folder.commit();
  const { removed, kept } = folder.prune(written, () => false);
  folder.close();
  assert.deepEqual(removed, ['old']);
  assert.deepEqual(kept, ['kept']);
  assert.deepEqual(readdirSync(dir).sort(), ['hand', 'kept', 'other', 'stay']);
  assert.deepEqual(readdirSync(join(dir, 'kept')), ['notes.md']);
});

test('an --out that cannot hold files is refused at once, with the reason', () => {
  const started = Date.now();
  assert.throws(
    () => new SkillsFolder('/proc/formrequest-skills', 'x'),
    /cannot create \/proc\/formrequest-skills/,
  );
  const dir = mkdtempSync(join(tmpdir(), 'skills-folder-'));
  writeFileSync(join(dir, 'file'), 'x');
  assert.throws(() => new SkillsFolder(join(dir, 'file'), 'x'), /is not a folder/);
  assert.throws(() => new SkillsFolder(join(dir, 'file', 'below'), 'x'), /a part of the path is a file/);
  assert.ok(Date.now() - started < 5000);
});
