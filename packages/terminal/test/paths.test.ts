import assert from 'node:assert/strict';
import { test } from 'node:test';
import { absolutePath, completePath, escapePath, parsePaths, splitWords } from '../src/fields/paths.js';

const env = { home: '/home/me', cwd: '/work' };
const none = () => false;
const paths = (text: string, exists: (p: string) => boolean = none) => {
  const r = parsePaths(text, env, exists);
  assert.ok(r.ok, text);
  return r.paths;
};

test('~ is the home directory, relative paths start at the working directory', () => {
  assert.equal(absolutePath('~', env), '/home/me');
  assert.equal(absolutePath('~/a/../b.pdf', env), '/home/me/b.pdf');
  assert.equal(absolutePath('x.pdf', env), '/work/x.pdf');
  assert.equal(absolutePath('~x', env), '/work/~x'); // another user's home is not guessed
  assert.equal(absolutePath('~/q', env, false), '/work/~/q');
});

test('dropped paths: single-quoted, double-quoted, backslash-escaped, file:// URLs, several at once', () => {
  assert.deepEqual(paths("'/tmp/my file.pdf' "), ['/tmp/my file.pdf']);
  assert.deepEqual(paths('"/tmp/say \\"hi\\".txt"'), ['/tmp/say "hi".txt']);
  assert.deepEqual(paths('/tmp/my\\ file.pdf'), ['/tmp/my file.pdf']);
  assert.deepEqual(paths("/tmp/it\\'s.txt"), ["/tmp/it's.txt"]);
  assert.deepEqual(paths('file:///tmp/my%20file.pdf'), ['/tmp/my file.pdf']);
  assert.deepEqual(paths("'/a b.pdf' /c\\ d.pdf ~/e.pdf"), ['/a b.pdf', '/c d.pdf', '/home/me/e.pdf']);
  assert.deepEqual(paths('one.txt\n\n  two.txt  \n'), ['/work/one.txt', '/work/two.txt']);
  assert.deepEqual(paths('"~/literal"'), ['/work/~/literal']);
  assert.deepEqual(parsePaths("'open", env, none), { ok: false, error: 'quote' });
});

test('a line naming an existing file as it stands is that one path (spaces and all)', () => {
  const exists = (p: string) => p === '/work/my report.pdf' || p === "/work/it's here.txt";
  assert.deepEqual(paths('my report.pdf', exists), ['/work/my report.pdf']);
  assert.deepEqual(paths("it's here.txt", exists), ["/work/it's here.txt"]);
  assert.deepEqual(paths('my other.pdf', exists), ['/work/my', '/work/other.pdf']);
});

test('splitWords and escapePath agree: an escaped path reads back as itself', () => {
  for (const p of ['/a b/c\'d"e\\f.txt', '/plain.txt', '/タブ\tと 空白.pdf']) {
    const { words, open } = splitWords(escapePath(p));
    assert.equal(open, null);
    assert.deepEqual(
      words.map((w) => w.text),
      [p],
    );
  }
});

test('completion: one match filled in (directories get their slash), several listed, escapes and ~ kept', () => {
  const tree: Record<string, { name: string; dir: boolean }[]> = {
    '/work': [
      { name: 'docs', dir: true },
      { name: 'my file.txt', dir: false },
      { name: 'my folder', dir: true },
      { name: '.hidden', dir: false },
    ],
    '/home/me': [{ name: 'notes.md', dir: false }],
    '/work/docs': [
      { name: 'a.pdf', dir: false },
      { name: 'b.pdf', dir: false },
    ],
  };
  const list = (dir: string) => tree[dir] ?? [];
  assert.deepEqual(completePath('do', 2, env, list), { text: 'docs/', cursor: 5, candidates: [] });
  assert.deepEqual(completePath('docs/', 5, env, list), {
    text: 'docs/',
    cursor: 5,
    candidates: ['a.pdf', 'b.pdf'],
  });
  assert.deepEqual(completePath('my', 2, env, list), {
    text: 'my\\ f',
    cursor: 5,
    candidates: ['my file.txt', 'my folder/'],
  });
  assert.equal(completePath('my\\ fi', 6, env, list)?.text, 'my\\ file.txt');
  assert.equal(completePath("'my fo", 6, env, list)?.text, 'my\\ folder/');
  assert.equal(completePath('~/no', 4, env, list)?.text, '~/notes.md');
  assert.equal(completePath('.h', 2, env, list)?.text, '.hidden');
  assert.equal(completePath('zz', 2, env, list), null);
  // Only the word before the cursor changes; the text around it stays.
  assert.deepEqual(completePath('a.txt do\nnext', 8, env, list), {
    text: 'a.txt docs/\nnext',
    cursor: 11,
    candidates: [],
  });
});
