import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkPattern,
  compilePattern,
  PATTERN_ENGINE,
  validateAnswers,
  validateFormSchema,
} from '@formrequest/schema';
import { compileEngine } from '../src/pattern/re2-engine.ts';

test('Node processes match patterns with the linear-time engine', () => {
  assert.equal(PATTERN_ENGINE, 're2');
  assert.equal(compilePattern('^[a-z0-9-]+$').test('my-app'), true);
  assert.equal(compilePattern('^[a-z0-9-]+$').test('My App'), false);
  assert.equal(compilePattern('\\u3042').test('あ'), true);
  assert.equal(compilePattern('^\\d{3}-\\d{4}$').test('123-4567'), true);
  assert.equal(compilePattern('[^]').test('x'), true);
});

test('the server judges text as the browser does: RE2 and the native RegExp agree', () => {
  const patterns = [
    '^\\S+\\s\\S+$',
    '^[^\\s]+$',
    '^[\\s\\d]+$',
    '^.+$',
    '^\\\\0$',
    '^\\\\u0041$',
    '^\\u3042+$',
    '^[a-z]\\/[0-9]$',
    '^a\\0b$',
  ];
  const texts = [
    '山田\u3000太郎',
    '山田 太郎',
    '山田太郎',
    '1\u00a02',
    'a\rb',
    'a\u2028b',
    '\\0',
    '\\u0041',
    'A',
    'ああ',
    'x/1',
    'a\0b',
  ];
  for (const pattern of patterns) {
    const native = new RegExp(pattern);
    const re2 = compileEngine(pattern);
    for (const text of texts) {
      assert.equal(re2(text), native.test(text), `${pattern} on ${JSON.stringify(text)}`);
    }
  }
});

test('a hostile pattern cannot hang the process even when it bypasses the schema check', {
  timeout: 10_000,
}, () => {
  // With a backtracking engine this input takes longer than the age of the universe.
  const evil = compileEngine('^(a+)+$');
  assert.equal(evil(`${'a'.repeat(50_000)}!`), false);
  const evil2 = compileEngine('^(a|aa)*c$');
  assert.equal(evil2('a'.repeat(50_000)), false);
});

test('compilePattern refuses what the safety check refuses', () => {
  assert.throws(() => compilePattern('^(a+)+$'), /unsafe or invalid pattern \(nested\)/);
  assert.equal(checkPattern('(ab|cd)+'), null);
  assert.deepEqual(checkPattern('(a|ab)+'), { kind: 'alternation', group: '(a|ab)' });
  assert.deepEqual(checkPattern('(?:x*y)*'), { kind: 'nested', group: '(?:x*y)' });
  assert.deepEqual(checkPattern('(?<y>\\d{4})-\\k<y>'), { kind: 'backreference' });
  assert.deepEqual(checkPattern('(?<!a)b'), { kind: 'lookaround' });
  assert.equal(checkPattern('[(+*)]+\\(+'), null);
});

test('a form with a hostile pattern is refused before it can reach any surface', () => {
  const result = validateFormSchema({
    title: 't',
    fields: [{ name: 'x', type: 'text', pattern: '^(\\w+\\s?)*$' }],
  });
  assert.equal(result.errors[0]!.code, 'unsafePattern');
  // Answers against an (unchecked) hostile schema still return promptly on Node.
  const answers = validateAnswers(
    { title: 't', fields: [{ name: 'x', type: 'text', pattern: '^(a+)+$' }] },
    { x: `${'a'.repeat(40)}!` },
  );
  assert.equal(answers.ok, true, 'an unsafe pattern is never run, so the answer is not judged by it');
});
