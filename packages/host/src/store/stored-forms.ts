// What both stores do the same way with the rows they keep: a form's schema is stored once (in
// `forms`) and the events that carry it (tool_use, tool_result, result) keep a reference instead,
// getting the schema back when read; and the list's opaque paging cursor.
import type { EventName } from './contract.js';
import { StoreInputError } from './contract.js';

/** Where each event keeps the form it refers to (taken out when stored, put back when read). */
export const FORM_PATHS: Partial<Record<EventName, [string, string]>> = {
  tool_use: ['input', 'form_schema'],
  tool_result: ['_metadata', 'schema'],
  result: ['pending_form', 'schema'],
};

/** The event's data with its form left out (null where the schema was). */
export function withoutForm(name: EventName, data: Record<string, unknown>): Record<string, unknown> {
  const path = FORM_PATHS[name];
  if (!path) return data;
  const [outer, key] = path;
  const inner = data[outer];
  if (!inner || typeof inner !== 'object') return data;
  return { ...data, [outer]: { ...(inner as Record<string, unknown>), [key]: null } };
}

/** The stored event data with the form's schema put back. */
export function withForm(name: EventName, data: string, schemaJson: string): string {
  const path = FORM_PATHS[name];
  if (!path) return data;
  const value = JSON.parse(data);
  const inner = value[path[0]];
  if (!inner || typeof inner !== 'object') return data;
  inner[path[1]] = JSON.parse(schemaJson);
  return JSON.stringify(value);
}

export function encodeCursor(updatedAt: number, id: string): string {
  return Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string): [number, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && Number.isFinite(value[0]) && typeof value[1] === 'string')
      return [value[0], value[1]];
  } catch {}
  throw new StoreInputError('"cursor" is not one the list gave: pass back its "next" value unchanged.');
}
