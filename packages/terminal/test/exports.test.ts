// The public API of @formrequest/terminal, pinned: the root asks (forms, questions) and cleans text
// for a terminal; ./question is the lean question entry; ./machines the state machines, views, widgets
// and sessions they are made of. A change here is a change of the package's API.
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

test('@formrequest/terminal/machines exports exactly these names', async () => {
  const entry = await import('@formrequest/terminal/machines');
  assert.deepEqual(Object.keys(entry).sort(), [
    'KeyDecoder',
    'PASTE_MAX_CHARS',
    'WIDGETS',
    'createEditor',
    'createFlow',
    'createForm',
    'displayWidth',
    'editorUpdate',
    'flowAnswers',
    'flowUpdate',
    'formLayout',
    'formUpdate',
    'formView',
    'isNewlineKey',
    'loadWidths',
    'questionView',
    'runPrompt',
    'runSession',
    'sanitizePaste',
    'truncateToWidth',
    'wrapText',
  ]);
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
