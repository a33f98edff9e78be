// The forms waiting on the form page, behind one small asynchronous interface, so that a store shared by
// several server instances (PostgreSQL, with LISTEN/NOTIFY for `outcome`) can replace the in-memory one
// (memory-pending-forms.ts) without touching the tools or the page.
//
// Shared (in the store): everything below. A page request (view, upload, submit) may land on any
// instance, and a 2026-07-28 retry that waits for the answer may too; the form's id in the retry's
// requestState (HMAC-protected: flow-state.ts) finds the record again, which needs the same HMAC key on
// every instance: a shared store gives it (`sharedStateKey`). postgres/postgres-pending-forms.ts is the
// shared store of this package.
// Sticky (stays in the process that holds it): the held MCP request itself (its progress ticker, its
// abort signal) and, on a 2025 connection, the session it came on, which the completion notification
// must go through; and, over stdio, the loopback page listener (form-page-server.ts).
import type { AnswerLabels, Answers, FormSchema, ResolvedQuestion } from '@formrequest/schema';

/** How a form ended: answered (values checked on the server), cancelled, declined, or closed unanswered. */
export type FormOutcome =
  /**
   * `utcOffset`: the person's zone (minutes east of UTC) as the page reported it; `labels`: what the
   * person saw for the answers that are ids (answerLabels).
   */
  | { action: 'accept'; values: Answers; utcOffset?: number; labels?: AnswerLabels }
  | { action: 'cancel' }
  | { action: 'decline' }
  /** The call that asked is gone (the client cancelled it, or the form expired): nobody waits. */
  | { action: 'closed'; reason: string };

export interface NewPendingForm {
  schema: FormSchema;
  /** Set when the form came from the `question` tool: the answers go back in seed 004's words. */
  questions?: ResolvedQuestion[];
  /** Who asks, shown on the page: the MCP server's name. */
  serverName: string;
  /** The client that called (its clientInfo name, when it gave one): the page says "go back to it". */
  clientName?: string;
}

export interface PendingForm extends NewPendingForm {
  /** The unguessable token in the page URL (`/forms/<id>`); 128 bits, base64url. */
  id: string;
  /** The `elicitationId` of a 2025-11-25 URL elicitation (not secret, not the page token). */
  elicitationId: string;
  /** When the form was issued (ms): relative date bounds count from here. */
  issuedAt: number;
  /** After this instant (ms) the form takes no answer and is forgotten. */
  expiresAt: number;
  /** Set once, by the first settle. */
  outcome?: FormOutcome;
  /** When the page was first opened (ms); unset while nobody has opened it (unseen.ts). */
  openedAt?: number;
  /** When a tool result carried the outcome to the client (ms); unset until then (the page says which). */
  deliveredAt?: number;
  /**
   * Set while the call that asked is gone but the form stays answerable for a re-ask (reask.ts): the
   * page says the call ended and keeps the form; cleared when a re-ask waits on the form again.
   */
  withdrawn?: Withdrawn;
}

/** A call cut (a client's timeout or cancel) on a live session: the form waits for a re-ask. */
export interface Withdrawn {
  /** When the call was cut (ms). */
  at: number;
  /** Why, as the client said it (shown on the page). */
  reason: string;
  /** Until when (ms) a re-ask from the same session receives the form or its answers. */
  until: number;
}

export interface NewStoredFile {
  formId: string;
  field: string;
  /** Cleaned name (uploads.ts `cleanFileName`). */
  name: string;
  /** The measured type (uploads.ts `uploadFacts`). */
  type: string;
  data: Uint8Array;
}

export interface StoredFile extends NewStoredFile {
  /** Unguessable; the file's URL is `/forms/<formId>/files/<id>`. */
  id: string;
  size: number;
  createdAt: number;
}

/** An upload refused for the store's limits; `status` is the HTTP status to answer with. */
export class UploadRefused extends Error {
  readonly status: 409 | 413;
  readonly code: 'form_closed' | 'form_quota' | 'server_quota';
  constructor(status: 409 | 413, code: 'form_closed' | 'form_quota' | 'server_quota', message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface PendingForms {
  /** Stores a new form and gives it its id. */
  open(form: NewPendingForm): Promise<PendingForm>;
  /** The form, settled or not, until it expires. */
  get(id: string): Promise<PendingForm | undefined>;
  /** Records that the page was opened (the first time counts); unknown forms are ignored. */
  markOpened(id: string): Promise<void>;
  /** Records that a tool result carried the outcome to the client (the first time counts). */
  markDelivered(id: string): Promise<void>;
  /** Forms open and not settled yet (every instance's, in a shared store): the quota counts them. */
  openCount(): Promise<number>;
  /**
   * Marks an open form withdrawn (its call is gone; a re-ask may come: reask.ts), or clears the mark
   * (`undefined`: a re-ask waits on it again). False when the form is settled or unknown.
   */
  setWithdrawn(id: string, withdrawn: Withdrawn | undefined): Promise<boolean>;
  /**
   * Resolves once the form changes (settled, withdrawn or taken back, forgotten) after this call, or
   * when `signal` aborts (then it resolves too: the caller reads the form again either way).
   */
  changed(id: string, signal: AbortSignal): Promise<void>;
  /** Settles a form once. False when it was settled already (a second submit) or is unknown. */
  settle(id: string, outcome: FormOutcome): Promise<boolean>;
  /**
   * The outcome, as soon as there is one (at once when the form is settled already). Rejects with the
   * signal's reason when it aborts, and with an Error when the form is unknown.
   */
  outcome(id: string, signal?: AbortSignal): Promise<FormOutcome>;
  /** Stores an upload for an open form; throws UploadRefused over the limits or once the form is settled. */
  putFile(file: NewStoredFile): Promise<StoredFile>;
  getFile(formId: string, fileId: string): Promise<StoredFile | undefined>;
  /**
   * A 2025 call holds this form until `signal` aborts or the form is settled. A store shared by several
   * instances keeps a lease on it, renewed by this process: once the process dies the lease runs out,
   * and every instance closes the form instead of taking an answer nobody can receive. A store of one
   * process has none (its process closes the form itself when the call goes).
   */
  hold?(id: string, signal: AbortSignal): void;
  /**
   * A store shared by several instances gives the requestState HMAC key they all use (at least 32
   * bytes), so a retry verifies on any of them. A store of one process has none (a random key is made).
   */
  sharedStateKey?(): Promise<Uint8Array>;
  close(): Promise<void>;
}
