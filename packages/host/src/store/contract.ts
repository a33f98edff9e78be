// The store contract: everything the host keeps, as asynchronous operations, so that an embedded
// SQLite file and a shared PostgreSQL database can both sit behind it. Every operation that must be
// atomic is one call here (a turn's start, a form being asked, a run's end, a delete), never a
// sequence the caller strings together. Run ownership (a lease per run) and the answer outbox (a run
// row that holds its input until the run is done) are explicit operations, so several host instances
// can share one database without anything else changing. Each store also makes the event bus that
// fits it (one process, or LISTEN/NOTIFY between the instances on one PostgreSQL database).
import type { EventBus } from '../bus.js';
import type { StoreWritable } from './sql-driver.js';

export type EventName = 'user_message' | 'text' | 'tool_use' | 'tool_result' | 'result' | 'error';

export interface StoredEvent {
  id: number;
  conversationId: string;
  runId: string | null;
  name: EventName;
  /** The event's JSON data, as sent over SSE (the form's schema put back where it was taken out). */
  data: string;
  createdAt: number;
}

export interface ConversationRow {
  id: string;
  title: string;
  locale: string;
  agentState: unknown;
  createdAt: number;
  updatedAt: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  locale: string;
  createdAt: number;
  updatedAt: number;
  pendingForm: boolean;
  running: boolean;
}

export interface ConversationPage {
  items: ConversationSummary[];
  /** Give it back as `cursor` for the next (older) page; null on the last page. */
  next: string | null;
}

/**
 * `asked`: the agent called request_form in a run that has not ended; `pending`: the run ended and the
 * form waits for the person; then `answered`, `cancelled`, or `superseded` (free text instead, a newer
 * form, or the run that asked it was cut short).
 */
export type FormStatus = 'asked' | 'pending' | 'answered' | 'cancelled' | 'superseded';

export interface FormRow {
  /** The request_form tool_use id: unique within its conversation only. */
  id: string;
  conversationId: string;
  runId: string;
  schema: Record<string, unknown>;
  status: FormStatus;
  draft: unknown;
  answer: unknown;
  createdAt: number;
}

export interface FileMeta {
  id: string;
  conversationId: string;
  /** The pending form and its file field the upload was made for. */
  formId: string;
  field: string;
  /** What the host stored: a cleaned file name, the type detected from the content, the real size. */
  name: string;
  type: string;
  size: number;
  createdAt: number;
}

export interface FileRow extends FileMeta {
  data: Uint8Array;
}

export interface StorageLimits {
  /** Bytes of uploads one conversation may hold. */
  conversationBytes: number;
  /** Bytes of uploads the whole store may hold. */
  totalBytes: number;
}

/**
 * What a turn hands the agent: kept with the run until the run is done (the outbox). A form answer
 * names its form (the schema stays in `forms`, read back when the run is claimed) and carries the
 * checked values.
 */
export interface RunInput {
  message: string;
  locale: string;
  form?: {
    id: string;
    outcome: 'submitted' | 'cancelled';
    values?: Record<string, unknown>;
    /** What the person saw for the answers that are ids (answerLabels), when any differ from them. */
    labels?: Record<string, string | string[]>;
  };
}

export type RunStatus = 'queued' | 'running' | 'done' | 'failed';

export interface RunRow {
  id: string;
  conversationId: string;
  status: RunStatus;
  input: RunInput;
  /** How many times an instance started this run (more than 1: it was cut short and replayed). */
  attempts: number;
  owner: string | null;
  leaseUntil: number | null;
  /**
   * Whether the lease has run out, by the store's clock (the database's, for PostgreSQL: one clock for
   * every instance, whatever their own clocks say). True when the run has no owner.
   */
  leaseExpired: boolean;
}

/** The result event, the form it left pending (if any) and the agent's new state. */
export interface RunOutcome {
  status: 'done' | 'failed';
  result: Record<string, unknown>;
  /** An error event stored just before the result (the run failed). */
  error?: Record<string, unknown>;
  pendingFormId?: string;
  agentState?: unknown;
}

/** A user's turn: free text, or the answer to the pending form; committed with its run in one step. */
export interface UserTurn {
  conversationId: string;
  runId: string;
  title: string;
  locale: string;
  message: Record<string, unknown>;
  input: RunInput;
  form?: { id: string; status: 'answered' | 'cancelled'; answer: unknown };
  /** The instance that will run it, and for how long its lease holds before another may take it. */
  owner: string;
  leaseMs: number;
  /** The client's Idempotency-Key and the request's fingerprint: kept with the turn, once. */
  idempotency?: { key: string; fingerprint: string };
}

/** The first turn an Idempotency-Key was used for. */
export interface IdempotentTurn {
  conversationId: string;
  runId: string;
  /** The first request's fingerprint (a repeat must send the same request). */
  fingerprint: string;
}

export type ConflictCode =
  | 'run_in_progress'
  | 'form_not_pending'
  | 'run_lost'
  | 'idempotency_repeat'
  | 'conversation_quota_exceeded'
  | 'storage_quota_exceeded';

/** A refusal the caller turns into a 409 or 413: nothing was written. */
export class StoreConflict extends Error {
  readonly code: ConflictCode;
  readonly details: Record<string, unknown>;
  constructor(code: ConflictCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/** A malformed argument from the client (a cursor it made up): a 400. */
export class StoreInputError extends Error {}

/** What the quotas are checked against (quotas.ts). */
export interface StoreUsage {
  conversations: number;
  /** The person's messages in the conversation asked about (0 without one). */
  messages: number;
  /** Bytes the conversation tables take (uploads apart). */
  storedBytes: number;
}

export interface HostStore {
  /** Which store this is, for logs and messages (e.g. "SQLite (node:sqlite) data/formrequest.db"). */
  readonly description: string;
  /** `sqlite`: one process on one file; `postgres`: any number of instances on one database. */
  readonly kind: 'sqlite' | 'postgres';

  /** The bus that wakes event streams after writes to this store (made once, closed by the caller). */
  createBus(): Promise<EventBus>;
  /** Throws when the store cannot serve (the health endpoint asks); one try, no retries. */
  ping(): Promise<void>;
  /**
   * Whether `error`, thrown by this store, is a passing failure (PostgreSQL restarting, no connection
   * free in the pool) after the store's own retries: the work may be tried again later.
   */
  isTransient(error: unknown): boolean;
  /** Whether the store takes writes now, and the free disk of a SQLite file (the health check). */
  writable(): Promise<StoreWritable>;
  /** Counts for the quotas: conversations, the messages of one, the store's size. */
  usage(conversationId?: string): Promise<StoreUsage>;

  /** The host's signing secret (page tokens, auth cookies), made once and kept. */
  secret(): Promise<Buffer>;

  // Conversations
  getConversation(id: string): Promise<ConversationRow | undefined>;
  /** Newest first, `limit` at a time; `cursor` is a previous page's `next`. */
  listConversations(options: { limit: number; cursor?: string }): Promise<ConversationPage>;
  /** Removes a conversation and everything in it; false when there is none. Refused while a run is going on. */
  deleteConversation(id: string): Promise<boolean>;
  /**
   * Removes up to `limit` conversations last updated before `cutoff` (ms), oldest first, skipping any
   * with a run going on; returns how many (retention and bulk delete). The space goes back as
   * deleteConversation's does.
   */
  deleteConversationsBefore(cutoff: number, limit?: number): Promise<number>;

  // Turns and runs (the outbox)
  /**
   * Commits the user's message, the answered form and a queued run holding the input, at once. With
   * `idempotency`, its key too: a key already kept is a StoreConflict 'idempotency_repeat' (nothing
   * written); idempotentTurn() then reads the first turn.
   */
  beginTurn(turn: UserTurn): Promise<StoredEvent>;
  /** The turn an Idempotency-Key was first used for, if it was. */
  idempotentTurn(key: string): Promise<IdempotentTurn | undefined>;
  /**
   * Takes a queued (or abandoned) run for `owner` until now + leaseMs; undefined when another owner
   * holds a live lease (unless it is `takeFrom`, an owner known to be dead) or the run is over.
   * Counts an attempt. Taking a run that was started before (a replay) supersedes the forms the cut
   * attempt asked for and deletes its events (all but the user's message): the transcript shows the
   * reply once.
   */
  claimRun(
    runId: string,
    owner: string,
    leaseMs: number,
    options?: { takeFrom?: string },
  ): Promise<RunRow | undefined>;
  /** Extends the leases `owner` holds; returns the run ids it still owns. */
  renewLeases(owner: string, leaseMs: number): Promise<string[]>;
  /** Runs not done (queued or running), leased or not: the answers still to deliver after a crash. */
  unfinishedRuns(): Promise<RunRow[]>;
  /**
   * Stores an event. With `owner`, only while `owner` holds the run `runId` (StoreConflict `run_lost`
   * otherwise): an instance that was frozen past its lease, and whose run another one took over, can
   * add nothing to the conversation any more.
   */
  appendEvent(
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
    owner?: string,
  ): Promise<StoredEvent>;
  /**
   * Records a form the agent asked for (status `asked`) with its tool_result event, storing the form
   * once: the events refer to it. `toolUseEventId` is the request_form tool_use event: its form
   * argument is replaced by the reference (read back, it carries the checked form as `form_schema`).
   */
  recordFormAsked(ask: {
    conversationId: string;
    runId: string;
    formId: string;
    schema: Record<string, unknown>;
    toolUseEventId?: number;
    toolResult: Record<string, unknown>;
    /** As for appendEvent: refused (`run_lost`) unless this owner holds the run. */
    owner?: string;
  }): Promise<{ event: StoredEvent; recorded: boolean }>;
  /**
   * Lets go of a run without ending it (this instance is shutting down): the next instance to start
   * or to look for unfinished runs replays it.
   */
  releaseRun(runId: string, owner: string): Promise<void>;
  /** Ends a run `owner` holds: its result event, the form it leaves pending, the agent's state. */
  finishRun(
    conversationId: string,
    runId: string,
    owner: string,
    outcome: RunOutcome,
  ): Promise<StoredEvent[]>;

  // Events
  eventsAfter(conversationId: string, afterId: number, limit: number): Promise<StoredEvent[]>;
  lastEventId(conversationId: string): Promise<number>;
  isRunning(conversationId: string): Promise<boolean>;

  // Forms
  pendingForm(conversationId: string): Promise<FormRow | undefined>;
  getForm(conversationId: string, formId: string): Promise<FormRow | undefined>;
  /** Saves the draft of a pending form; false when the form is not pending any more. */
  saveDraft(conversationId: string, formId: string, draft: unknown): Promise<boolean>;

  // Files
  /** Stores an upload for the pending form within the limits; StoreConflict (413 codes) when over. */
  putFile(file: FileRow, limits: StorageLimits): Promise<void>;
  getFile(id: string): Promise<FileRow | undefined>;
  getFileMeta(id: string): Promise<FileMeta | undefined>;
  /** Bytes of uploads held: by one conversation and in all. */
  fileUsage(conversationId: string): Promise<{ conversation: number; total: number }>;

  close(): Promise<void>;
}
