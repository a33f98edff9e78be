// POST /api/execute: {conversationId?, message} starts a turn; {conversationId, formId, answers|cancel}
// answers the pending form. 202 with the ids; what follows comes as events. With an Idempotency-Key,
// a repeat of the same request gets the first turn's answer (runs/idempotency.ts).

import { bodyLimit, HttpError, readJson } from '@formrequest/internal/http';
import { MAX_JSON_DEPTH } from '@formrequest/schema';
import { Hono } from 'hono';
import type { AppOptions } from '../app.js';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER } from '../runs/idempotency.js';
import type { ExecuteRequest } from '../runs/turn-request.js';

export function executeRoutes(options: Pick<AppOptions, 'conversations' | 'maxBodyBytes'>): Hono {
  const app = new Hono();
  app.post('/api/execute', bodyLimit(options.maxBodyBytes), async (c) => {
    const key = checkIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    const body = (await readJson(c.req.raw, MAX_JSON_DEPTH)) as ExecuteRequest;
    const conversations = await options.conversations.catch((error: Error) => {
      throw new HttpError(503, 'agent_unavailable', `The agent could not start: ${error.message}`);
    });
    return c.json(await conversations.execute(body, key), 202);
  });
  return app;
}
