// The answers as a person reads them back after submit: one row per answered field, its label and its
// value in words (option labels, yes/no, file names with sizes). The Apps widget's and the chat page's
// summaries; what the agent receives stays `submitMessage`. Choice and search labels come from
// answerLabels, the same reading the model gets beside the ids.
import { answerLabels } from './answer-labels.js';
import { formatBytes, isEmptyValue } from './answers.js';
import { FIELD_CATALOG, type FieldType } from './catalog.js';
import { fieldLabel } from './field-facts.js';
import type { FormSchema } from './types.js';

export interface AnswerRow {
  name: string;
  label: string;
  text: string;
}

export interface AnswerRowWords {
  /** A ticked checkbox. */
  yes: string;
  /** A checkbox left empty. */
  no: string;
}

const fileText = (v: unknown): string => {
  const f = v as { name?: unknown; size?: unknown };
  const name = typeof f?.name === 'string' ? f.name : '?';
  return typeof f?.size === 'number' ? `${name} (${formatBytes(f.size)})` : name;
};

/**
 * Rows for the answered fields in schema order (hidden and display-only fields left out). `shown`:
 * what the form showed for its search and loaded fields (the renderer's `SubmitContext.shown`).
 */
export function answerRows(
  schema: FormSchema,
  values: Record<string, unknown>,
  words: AnswerRowWords,
  shown: Record<string, unknown> = {},
): AnswerRow[] {
  const labels = answerLabels(schema, values, shown);
  const rows: AnswerRow[] = [];
  for (const field of schema.fields ?? []) {
    const kind = FIELD_CATALOG[field.type as FieldType]?.value;
    const name = (field as { name?: string }).name;
    if (!kind || kind === 'none' || kind === 'fixed' || typeof name !== 'string') continue;
    const value = values[name];
    if (kind !== 'boolean' && isEmptyValue(value)) continue;
    const list = Array.isArray(value) ? value : [value];
    let text: string;
    if (Object.hasOwn(labels, name)) text = [labels[name]!].flat().join(', ');
    else if (kind === 'boolean') text = value === true ? words.yes : words.no;
    else if (kind === 'file') text = list.map(fileText).join(', ');
    else
      text = list
        .map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)))
        .join(', ');
    rows.push({ name, label: fieldLabel(field), text });
  }
  return rows;
}
