// What goes back to the agent: the tool's waiting text, the submitted answers, the cancel message.

import { isEmptyValue } from './answers.js';
import { FIELD_CATALOG, type FieldType } from './catalog.js';
import { agentText, t } from './messages.js';
import type { Answers, FormSchema, Locale } from './types.js';

/** The tool result text of seed 000 (出力フォーマット). */
export function formRequestText(schema: FormSchema): string {
  const locale = schema.locale;
  const title = locale === 'en' ? `[${schema.title}]` : `【${schema.title}】`;
  const lines = [agentText(locale, 'waiting'), '', title];
  if (schema.description) lines.push(schema.description);
  lines.push(
    '',
    agentText(locale, 'fieldCount', { n: schema.fields.length }),
    agentText(locale, 'nextMessage'),
  );
  return lines.join('\n');
}

/**
 * The answer values as sent (DESIGN.md, Answers): schema order, hidden fields with their fixed value,
 * display-only fields and unfilled optional fields left out, checkboxes always present.
 */
export function answerValues(schema: FormSchema, values: Answers): Answers {
  const out: Answers = {};
  for (const field of schema.fields) {
    const kind = FIELD_CATALOG[field.type as FieldType]?.value;
    if (!kind || kind === 'none') continue;
    const f = field as { name: string; value?: unknown };
    if (kind === 'fixed') out[f.name] = f.value;
    else if (kind === 'boolean') out[f.name] = values[f.name] === true;
    else if (Object.hasOwn(values, f.name) && !isEmptyValue(values[f.name])) out[f.name] = values[f.name];
  }
  return out;
}

/** The next user message on submit: `JSON.stringify(values, null, 2)` with hidden values merged. */
export function submitMessage(schema: FormSchema, values: Answers): string {
  return JSON.stringify(answerValues(schema, values), null, 2);
}

/** The next user message on cancel (seed 000, キャンセル処理). */
export function cancelMessage(locale?: Locale): string {
  return t(locale, 'cancelled');
}
