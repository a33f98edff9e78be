// The conversations: GET /api/conversations (the list, newest first, paged: ?limit=&cursor=),
// GET /api/conversations/:id (transcript, pending form and its draft, lastEventId), DELETE it (with
// everything in it; DELETE /api/conversations?updatedBefore=ISO: every one older), GET …/events (SSE; Last-Event-ID or ?after=N to resume) and PUT
// …/forms/:formId/draft (the person's draft of the pending form).

import { bodyLimit, HttpError, readJson } from '@formrequest/internal/http';
import { MAX_JSON_DEPTH } from '@formrequest/schema';
import { Hono } from 'hono';
import type { AppOptions } from '../app.js';
import { resumeId, streamEvents } from '../sse.js';
import { type HostStore, StoreConflict, StoreInputError } from '../store/index.js';

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

export function conversationRoutes(
  options: Pick<AppOptions, 'store' | 'bus' | 'heartbeatMs' | 'streams' | 'maxDraftBytes'>,
): Hono {
  const { store, bus } = options;
  const app = new Hono();

  app.get('/api/conversations', async (c) => {
    const rawLimit = c.req.query('limit');
    const limit = rawLimit === undefined ? DEFAULT_PAGE : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      throw new HttpError(400, 'bad_request', `"limit" must be a whole number from 1 to ${MAX_PAGE}.`);
    }
    let page: Awaited<ReturnType<HostStore['listConversations']>>;
    try {
      page = await store.listConversations({ limit, cursor: c.req.query('cursor') || undefined });
    } catch (error) {
      if (error instanceof StoreInputError) throw new HttpError(400, 'bad_request', error.message);
      throw error;
    }
    return c.json({
      conversations: page.items.map((row) => ({
        id: row.id,
        title: row.title,
        updatedAt: new Date(row.updatedAt).toISOString(),
        pendingForm: row.pendingForm,
        running: row.running,
      })),
      next: page.next,
    });
  });

  app.get('/api/conversations/:id', async (c) => {
    const id = c.req.param('id');
    const conversation = await store.getConversation(id);
    if (!conversation) throw conversationNotFound(id);
    const events = (await store.eventsAfter(id, 0, 100_000)).map((e) => ({
      id: e.id,
      event: e.name,
      data: JSON.parse(e.data),
    }));
    const form = await store.pendingForm(id);
    return c.json({
      id,
      title: conversation.title,
      locale: conversation.locale,
      running: await store.isRunning(id),
      events,
      lastEventId: events.at(-1)?.id ?? 0,
      pendingForm: form
        ? { id: form.id, schema: form.schema, draft: form.draft ?? null, issuedAt: form.createdAt }
        : null,
    });
  });

  // Bulk delete: every conversation last updated before the instant (ISO 8601), runs going on excepted.
  app.delete('/api/conversations', async (c) => {
    const raw = c.req.query('updatedBefore');
    const before = raw === undefined ? Number.NaN : Date.parse(raw);
    if (!Number.isFinite(before)) {
      throw new HttpError(
        400,
        'bad_request',
        'Say which conversations to delete: DELETE /api/conversations?updatedBefore=2026-01-01T00:00:00Z (those last updated before that instant; ISO 8601).',
      );
    }
    let deleted = 0;
    for (;;) {
      const batch = await store.deleteConversationsBefore(before, 500);
      deleted += batch;
      if (batch < 500) break;
    }
    return c.json({ deleted, updatedBefore: new Date(before).toISOString() });
  });

  // Deletes the conversation with its events, forms, drafts and uploads; the space goes back to the disk.
  app.delete('/api/conversations/:id', async (c) => {
    const id = c.req.param('id');
    let deleted: boolean;
    try {
      deleted = await store.deleteConversation(id);
    } catch (error) {
      if (error instanceof StoreConflict) throw new HttpError(409, error.code, error.message);
      throw error;
    }
    if (!deleted) throw conversationNotFound(id);
    bus.notify(id);
    return c.json({ deleted: true, id });
  });

  app.get('/api/conversations/:id/events', async (c) => {
    const id = c.req.param('id');
    if (!(await store.getConversation(id))) throw conversationNotFound(id);
    const after = resumeId(c);
    if (after === undefined)
      throw new HttpError(
        400,
        'bad_request',
        'Last-Event-ID (or ?after=) must be a non-negative integer event id.',
      );
    return streamEvents(c, store, bus, id, after, { heartbeatMs: options.heartbeatMs }, options.streams);
  });

  app.put('/api/conversations/:id/forms/:formId/draft', bodyLimit(options.maxDraftBytes), async (c) => {
    const id = c.req.param('id');
    const formId = c.req.param('formId');
    if (!(await store.getConversation(id))) throw conversationNotFound(id);
    const form = await store.getForm(id, formId);
    if (!form || form.status === 'asked')
      throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${id}.`);
    const draft = await readJson(c.req.raw, MAX_JSON_DEPTH);
    if (typeof draft !== 'object' || draft === null || Array.isArray(draft)) {
      throw new HttpError(
        400,
        'bad_request',
        'Send the draft as a JSON object (the form state the page saved).',
      );
    }
    if (!(await store.saveDraft(id, formId, draft))) {
      throw new HttpError(
        409,
        'form_not_pending',
        `This form was already ${form.status}; its draft is closed.`,
        { status: form.status },
      );
    }
    return c.json({ saved: true });
  });
  return app;
}

export function conversationNotFound(id: string): HttpError {
  return new HttpError(404, 'conversation_not_found', `No conversation with id ${id}.`);
}
