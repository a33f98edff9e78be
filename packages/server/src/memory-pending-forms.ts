// PendingForms in this process's memory: what `formrequest serve` uses (one process serves every
// round of a flow). Forms and their uploads are forgotten when they expire or the process ends. A
// settled form is kept only as long as its answer may still be read (a retry, a page reload, the agent
// fetching an uploaded file): `settledTtlMs`, and at most `maxSettled` of them (the oldest go first),
// so memory stays bounded however many forms a long-running server sees.
import { randomBytes, randomUUID } from 'node:crypto';
import { FormChanges } from './form-changes.js';
import type {
  FormOutcome,
  NewPendingForm,
  NewStoredFile,
  PendingForm,
  PendingForms,
  StoredFile,
  Withdrawn,
} from './pending-forms.js';
import { UploadRefused } from './pending-forms.js';
import { UNSEEN_CLOSE_REASON } from './unseen.js';

export interface MemoryPendingFormsOptions {
  /** How long a form waits for its answer, and how long it and its uploads are kept. Default 24 h. */
  ttlMs?: number;
  /** Upload bytes one form may hold. Default 100 MiB (the host's per-conversation quota). */
  maxFormBytes?: number;
  /** Upload bytes all forms may hold together. Default 1 GiB (the host's total quota). */
  maxTotalBytes?: number;
  /** How long a settled form and its uploads are kept after the answer. Default 1 h. */
  settledTtlMs?: number;
  /** Settled forms kept at most; past it the oldest are forgotten with their uploads. Default 1,000. */
  maxSettled?: number;
  /** The clock (tests). */
  now?: () => number;
}

export const DEFAULT_FORM_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_FORM_BYTES = 100 * 1024 * 1024;
export const DEFAULT_MAX_TOTAL_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_SETTLED_TTL_MS = 60 * 60 * 1000;
export const DEFAULT_MAX_SETTLED = 1000;

/** 128 random bits, URL-safe: the page token. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

export class MemoryPendingForms implements PendingForms {
  private readonly forms = new Map<string, PendingForm>();
  private readonly files = new Map<string, StoredFile>();
  private readonly waiters = new Map<string, Set<(outcome: FormOutcome) => void>>();
  /** Who waits for any change of a form (changed()): the page's status long poll. */
  private readonly changes = new FormChanges();
  private totalBytes = 0;
  private readonly ttlMs: number;
  private readonly maxFormBytes: number;
  private readonly maxTotalBytes: number;
  private readonly now: () => number;
  private readonly settledTtlMs: number;
  private readonly maxSettled: number;
  /** Settled form ids, oldest first (a Set keeps insertion order). */
  private readonly settled = new Set<string>();
  /** Runs while there are forms to forget, so an idle store holds no timer. */
  private sweep: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: MemoryPendingFormsOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_FORM_TTL_MS;
    this.maxFormBytes = options.maxFormBytes ?? DEFAULT_MAX_FORM_BYTES;
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
    this.now = options.now ?? Date.now;
    this.settledTtlMs = options.settledTtlMs ?? DEFAULT_SETTLED_TTL_MS;
    this.maxSettled = options.maxSettled ?? DEFAULT_MAX_SETTLED;
  }

  async open(form: NewPendingForm): Promise<PendingForm> {
    const issuedAt = this.now();
    const record: PendingForm = {
      ...form,
      id: newToken(),
      elicitationId: randomUUID(),
      issuedAt,
      expiresAt: issuedAt + this.ttlMs,
    };
    this.forms.set(record.id, record);
    if (!this.sweep) {
      this.sweep = setInterval(() => this.forgetExpired(), Math.min(this.ttlMs, 60_000));
      this.sweep.unref();
    }
    return record;
  }

  async openCount(): Promise<number> {
    const now = this.now();
    let count = 0;
    for (const form of this.forms.values()) if (!form.outcome && form.expiresAt > now) count++;
    return count;
  }

  async get(id: string): Promise<PendingForm | undefined> {
    const form = this.forms.get(id);
    if (form && form.expiresAt <= this.now()) {
      this.forget(form);
      return undefined;
    }
    return form;
  }

  async markOpened(id: string): Promise<void> {
    const form = await this.get(id);
    if (form && form.openedAt === undefined) form.openedAt = this.now();
  }

  async markDelivered(id: string): Promise<void> {
    const form = await this.get(id);
    if (form && form.deliveredAt === undefined) form.deliveredAt = this.now();
  }

  async setWithdrawn(id: string, withdrawn: Withdrawn | undefined): Promise<boolean> {
    const form = await this.get(id);
    if (!form || form.outcome) return false;
    if (withdrawn) form.withdrawn = withdrawn;
    else delete form.withdrawn;
    this.notify(id);
    return true;
  }

  changed(id: string, signal: AbortSignal): Promise<void> {
    return this.changes.wait(id, signal);
  }

  private notify(id: string): void {
    this.changes.wake(id);
  }

  async settle(id: string, outcome: FormOutcome): Promise<boolean> {
    const form = await this.get(id);
    if (!form || form.outcome) return false;
    form.outcome = outcome;
    delete form.withdrawn;
    this.notify(id);
    form.expiresAt = Math.min(form.expiresAt, this.now() + this.settledTtlMs);
    const waiting = this.waiters.get(id);
    this.waiters.delete(id);
    for (const resolve of waiting ?? []) resolve(outcome);
    this.settled.add(id);
    for (const oldest of this.settled) {
      if (this.settled.size <= this.maxSettled) break;
      const old = this.forms.get(oldest);
      if (old) this.forget(old);
      else this.settled.delete(oldest);
    }
    return true;
  }

  async outcome(id: string, signal?: AbortSignal): Promise<FormOutcome> {
    signal?.throwIfAborted();
    const form = await this.get(id);
    if (!form) throw new Error(`No pending form ${id}: it expired or was never opened.`);
    if (form.outcome) return form.outcome;
    // Forgotten while it was being looked up (closed, or swept as expired): nobody will settle it now.
    if (!this.forms.has(id)) {
      return {
        action: 'closed',
        reason: this.stopped ? 'The server stopped.' : 'The form expired unanswered.',
      };
    }
    return new Promise<FormOutcome>((resolve, reject) => {
      const waiting = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, waiting);
      const onAbort = () => {
        waiting.delete(done);
        reject(signal!.reason);
      };
      const done = (outcome: FormOutcome) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      waiting.add(done);
      // Aborted while the form was being looked up: the event has fired already.
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async putFile(file: NewStoredFile): Promise<StoredFile> {
    const form = await this.get(file.formId);
    if (!form || form.outcome) {
      throw new UploadRefused(
        409,
        'form_closed',
        'This form takes no more files: it was answered or closed.',
      );
    }
    const size = file.data.byteLength;
    let formBytes = 0;
    for (const stored of this.files.values()) if (stored.formId === file.formId) formBytes += stored.size;
    if (formBytes + size > this.maxFormBytes) {
      throw new UploadRefused(
        413,
        'form_quota',
        `The files of this form would exceed ${this.maxFormBytes} bytes together; remove some or send smaller ones.`,
      );
    }
    if (this.totalBytes + size > this.maxTotalBytes) {
      throw new UploadRefused(
        413,
        'server_quota',
        'The server holds as many uploaded bytes as it may; try again once other forms are answered.',
      );
    }
    const stored: StoredFile = { ...file, id: newToken(), size, createdAt: this.now() };
    this.files.set(stored.id, stored);
    this.totalBytes += size;
    return stored;
  }

  async getFile(formId: string, fileId: string): Promise<StoredFile | undefined> {
    const file = this.files.get(fileId);
    if (!file || file.formId !== formId || !(await this.get(formId))) return undefined;
    return file;
  }

  /**
   * Closes every open form with `reason` (kept, so their pages say so); returns how many forms are
   * closed unanswered now (these and any closed before), whose pages a person may still be on or come
   * to. A form closed because nobody could see it (unseen.ts), its page never opened, counts for
   * nobody: its URL reached no person, so it keeps no listener up.
   */
  async closeOpen(reason: string): Promise<number> {
    let closed = 0;
    for (const form of [...this.forms.values()]) {
      if (!form.outcome) await this.settle(form.id, { action: 'closed', reason });
      const outcome = form.outcome;
      if (outcome?.action !== 'closed') continue;
      if (outcome.reason === UNSEEN_CLOSE_REASON && form.openedAt === undefined) continue;
      closed++;
    }
    return closed;
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const form of [...this.forms.values()]) this.forget(form, 'The server stopped.');
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const form of [...this.forms.values()]) if (form.expiresAt <= now) this.forget(form);
  }

  /** Drops a form and its files; whoever still waits is told it closed. */
  private forget(form: PendingForm, reason = 'The form expired unanswered.'): void {
    this.forms.delete(form.id);
    this.settled.delete(form.id);
    const waiting = this.waiters.get(form.id);
    this.waiters.delete(form.id);
    for (const resolve of waiting ?? []) resolve({ action: 'closed', reason });
    this.notify(form.id);
    for (const [id, file] of this.files) {
      if (file.formId !== form.id) continue;
      this.files.delete(id);
      this.totalBytes -= file.size;
    }
    if (this.forms.size === 0 && this.sweep) {
      clearInterval(this.sweep);
      this.sweep = undefined;
    }
  }
}
