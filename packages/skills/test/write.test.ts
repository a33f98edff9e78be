// Atomic writes: a file is replaced by renaming a finished temporary file over it (so a reader sees the
// old bytes or the new ones, never half), and no temporary file is left behind, even on failure.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeFileAtomic, writeTree } from '@formrequest/skills';

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

test('writeTree creates folders and removes files listed as stale', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
  mkdirSync(join(dir, 'a/references'), { recursive: true });
  writeFileSync(join(dir, 'a/references/tools.yaml'), 'stale');
  await writeTree(
    dir,
    [
      { path: 'a/SKILL.md', content: 'x' },
      { path: 'b/c/d.txt', content: 'y' },
    ],
    ['a/references/tools.yaml'],
  );
  assert.equal(readFileSync(join(dir, 'b/c/d.txt'), 'utf8'), 'y');
  assert.deepEqual(readdirSync(join(dir, 'a')), ['SKILL.md'], 'the emptied references folder is gone too');
});
