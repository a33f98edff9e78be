// What @formrequest/internal gives the other packages, pinned per entry. Internal: no stability
// promise to users, but a change here is a change for every surface that imports it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/internal/config exports exactly these names', async () => {
  const entry = await import('@formrequest/internal/config');
  assert.deepEqual(Object.keys(entry).sort(), [
    'DEFAULT_ELICITATION_POLICY',
    'DEFAULT_HTTP_PORT',
    'DEFAULT_PROGRESS_INTERVAL_MS',
    'ELICITATION_POLICIES',
    'MAX_REASK_WINDOW_MS',
    'loadServerConfig',
    'parseServerConfig',
  ]);
});

test('@formrequest/internal/http exports exactly these names', async () => {
  const entry = await import('@formrequest/internal/http');
  assert.deepEqual(Object.keys(entry).sort(), [
    'AUTH_COOKIE',
    'Access',
    'HttpError',
    'TOKEN_HEADER',
    'allowHeader',
    'allowedMethods',
    'bodyLimit',
    'browsableHost',
    'isJsonType',
    'isLoopbackHost',
    'isWildcardAddress',
    'listen',
    'parseAuth',
    'parseOrigins',
    'readBytes',
    'readJson',
  ]);
});

test('@formrequest/internal/postgres exports exactly these names', async () => {
  const entry = await import('@formrequest/internal/postgres');
  assert.deepEqual(Object.keys(entry).sort(), [
    'MIGRATION_LOCK',
    'PG_PEER_RANGE',
    'PG_SCHEMA',
    'PgListener',
    'explainMissingPg',
    'explainPostgresError',
    'isPostgresUrl',
    'loadPg',
    'migrate',
    'redactUrl',
    'transaction',
    'transientFailure',
  ]);
});

test('@formrequest/internal/uploads exports exactly these names', async () => {
  const entry = await import('@formrequest/internal/uploads');
  assert.deepEqual(Object.keys(entry).sort(), [
    'acceptProblem',
    'cleanFileName',
    'typeFromName',
    'uploadFacts',
  ]);
});
