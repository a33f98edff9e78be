// The public API of @formrequest/terminal, pinned: the root asks (forms, questions) and cleans text
// for a terminal; ./question and ./ask are the lean entries of the CLI's verbs. The state machines,
// views, widgets and sessions they are made of are internal (0.2: no ./machines entry). A change here
// is a change of the package's API.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/terminal exports exactly these names', async () => {
  const entry = await import('@formrequest/terminal');
  assert.deepEqual(Object.keys(entry).sort(), [
    'askForm',
    'askQuestions',
    'canSuspend',
    'findTerminal',
    'hasTerminal',
    'isCleanText',
    'promptTerminal',
    'sanitizeText',
    'textFor',
  ]);
});

test('the state machines, views and sessions are not published (no ./machines entry)', async () => {
  await assert.rejects(import('@formrequest/terminal/machines' as string), {
    code: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
  });
});

test('the lean question entry (its source: the bundle is built from it)', async () => {
  const question = await import('../src/question-entry.ts');
  assert.deepEqual(Object.keys(question).sort(), [
    'askQuestions',
    'questionError',
    'questionErrorResult',
    'sanitizeText',
    'terminalWords',
    'textFor',
  ]);
});

test('the lean ask entry (its source: the bundle is built from it)', async () => {
  const ask = await import('../src/ask-entry.ts');
  assert.deepEqual(Object.keys(ask).sort(), [
    'askForm',
    'formatIssues',
    'formatQuestionError',
    'questionError',
  ]);
});
