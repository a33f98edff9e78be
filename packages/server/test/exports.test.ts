// The public API of @formrequest/server, pinned: the server as a library (create it, run it over
// stdio or HTTP, its config, its tools, routing, elicitation both ways, pending forms, the form page,
// uploads, the texts a model reads). A change here is a change of the package's API: update the list on
// purpose, and the README.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/server exports exactly these names', async () => {
  const entry = await import('@formrequest/server');
  assert.deepEqual(Object.keys(entry).sort(), [
    'DEFAULT_FORM_TTL_MS',
    'DEFAULT_HTTP_PORT',
    'DEFAULT_MAX_BODY_BYTES',
    'DEFAULT_MAX_FILE_BYTES',
    'DEFAULT_MAX_FORM_BYTES',
    'DEFAULT_MAX_TOTAL_BYTES',
    'DEFAULT_PROGRESS_INTERVAL_MS',
    'ELICITATION_POLICIES',
    'FORM_META_KEY',
    'ISSUED_AT_META_KEY',
    'MCP_PATH',
    'MemoryPendingForms',
    'PARTS_META_KEY',
    'QUESTION_OUTPUT_JSON_SCHEMA',
    'QUESTION_TOOL',
    'REQUEST_FORM_OUTPUT_JSON_SCHEMA',
    'REQUEST_FORM_TOOL',
    'SERVER_NAME',
    'SERVER_VERSION',
    'UploadRefused',
    'answerShapeText',
    'answersFromValues',
    'clientSurfaces',
    'createFormRuntime',
    'createFormServer',
    'decideRoute',
    'elicitationContent',
    'fixedPageHost',
    'formFromElicitation',
    'loadServerConfig',
    'loopbackPageHost',
    'parsePageOrigin',
    'parseServerConfig',
    'questionAnswerProblems',
    'questionAnswerText',
    'questionsToForm',
    'requestFormInputJsonSchema',
    'requestFormToolDescription',
    'serveStdio',
    'startHttpServer',
    'toElicitation',
  ]);
});

test('@formrequest/server/postgres exports exactly these names', async () => {
  const entry = await import('@formrequest/server/postgres');
  assert.deepEqual(Object.keys(entry).sort(), ['PostgresPendingForms']);
});
