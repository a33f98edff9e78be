// What goes back to the agent besides the answers (answers.ts: submitMessage): the tool's waiting text
// and the cancel message.
import { agentText, t } from './messages.js';
import type { FormSchema, Locale } from './types.js';

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

/** The next user message on cancel (seed 000, キャンセル処理). */
export function cancelMessage(locale?: Locale): string {
  return t(locale, 'cancelled');
}
