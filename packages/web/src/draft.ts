// Drafts: what the person typed, kept in localStorage under the embedding app's draftKey until the form
// is submitted or cancelled. Files are left out (they can be megabytes); storage errors are ignored
// because a draft is a convenience, never a reason to break the form.
const PREFIX = 'formrequest-draft:';

export type Draft = { v: Record<string, unknown>; t: Record<string, unknown> };

export function loadDraft(key: string): Draft | null {
  try {
    const d = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null');
    // Anything else (another app's value, a hand edit) is no draft rather than a broken form.
    return d?.v && d.t && typeof d.v === 'object' && typeof d.t === 'object' ? d : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: Draft): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {}
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {}
}
