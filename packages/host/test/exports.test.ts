// The public API of @formrequest/host, pinned: the root starts and composes the chat app; ./store
// is the storage contract and its stores; ./demo the demo's scripted agent and search data (nothing
// demo-only in the root). A change here is a change of the package's API.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/host exports exactly these names', async () => {
  const entry = await import('@formrequest/host');
  assert.deepEqual(Object.keys(entry).sort(), [
    'AGENT_NAMES',
    'Access',
    'AnthropicAgent',
    'CLAUDE_AGENT_SDK_PACKAGE',
    'CLAUDE_AGENT_SDK_TESTED_VERSION',
    'Capacity',
    'ClaudeAgentSdkAgent',
    'Conversations',
    'DEFAULT_CAPACITY',
    'DEFAULT_DB_PATH',
    'DEFAULT_DRAIN_MS',
    'DEFAULT_HEADERS_TIMEOUT_MS',
    'DEFAULT_LEASE_MS',
    'DEFAULT_MAX_CONNECTIONS',
    'DEFAULT_MAX_FILE_BYTES',
    'DEFAULT_PORT',
    'DEFAULT_QUOTAS',
    'DEFAULT_REQUEST_TIMEOUT_MS',
    'DEFAULT_STORAGE_LIMITS',
    'FORM_TOOL',
    'InProcessBus',
    'McpHub',
    'SseStreams',
    'TOKEN_HEADER',
    'anthropicOptionsFromEnv',
    'createAgent',
    'createApp',
    'databaseLocation',
    'deadLocalOwner',
    'defaultPort',
    'instanceName',
    'isLoopbackHost',
    'limitKeys',
    'loadMcpConfig',
    'parseAuth',
    'parseDbPool',
    'parseLimits',
    'parseOrigins',
    'parseRetentionDays',
    'startHost',
    'withFormMetadata',
  ]);
});

test('@formrequest/host/store exports exactly these names', async () => {
  const entry = await import('@formrequest/host/store');
  assert.deepEqual(Object.keys(entry).sort(), [
    'EVENTS_CHANNEL',
    'HOST_MIGRATIONS',
    'PostgresBus',
    'PostgresStore',
    'RUNS_CHANNEL',
    'SqliteDriverError',
    'SqliteStore',
    'StoreConflict',
    'StoreInputError',
    'openStore',
  ]);
});

test('@formrequest/host/demo exports exactly these names', async () => {
  const entry = await import('@formrequest/host/demo');
  assert.deepEqual(Object.keys(entry).sort(), [
    'CITIES',
    'COUNTRIES',
    'PREFECTURES',
    'ScriptedAgent',
    'USERS',
    'detectScenario',
    'fold',
    'scenarioForm',
    'searchItems',
  ]);
});
