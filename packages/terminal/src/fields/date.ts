// date and datetime: typed as YYYY-MM-DD (and HH:mm, after a space or a "T"), or stepped with ↑ / ↓ by
// a day and PageUp / PageDown by a month, kept within minDate / maxDate. The answer uses the
// vocabulary's form (YYYY-MM-DDTHH:mm) whichever separator was typed.
import { dateBounds, formatDate, isIsoDate } from '@formrequest/schema';
import { createEditor, type EditorState } from '../editor.js';
import { drawEditor } from '../editor-view.js';
import { words } from '../messages.js';
import { typeInto, valueText } from './editing.js';
import { type FieldContext, widget } from './types.js';

interface DateState {
  editor: EditorState;
}

const DATETIME = /^(\d{4}-\d{2}-\d{2})(?:[ T]+|\s*T\s*)(\d{1,2}):(\d{2})(?::(\d{2}))?$/i;

/** "2026-11-23 9:30" and "2026-11-23T09:30" as the vocabulary's "2026-11-23T09:30"; other text as it is. */
export function normalizeDateTime(text: string): string {
  const typed = text.trim();
  const m = DATETIME.exec(typed);
  if (!m) return typed;
  return `${m[1]}T${m[2]!.padStart(2, '0')}:${m[3]}${m[4] ? `:${m[4]}` : ''}`;
}

type Ctx = FieldContext<'date' | 'datetime'>;

/** The typed date (or today) moved by `days` days or `months` months, within the field's bounds. */
export function stepDate(ctx: Ctx, text: string, days: number, months = 0): string {
  const isDatetime = ctx.field.type === 'datetime';
  const typed = isDatetime ? normalizeDateTime(text) : text.trim();
  const day = typed.slice(0, 10);
  const now = ctx.now ?? new Date();
  let time = isDatetime && /^T\d{2}:\d{2}/.test(typed.slice(10)) ? typed.slice(11, 16) : '';
  if (isDatetime && !time) time = `${String(now.getHours()).padStart(2, '0')}:00`;
  let next: string;
  if (isIsoDate(day)) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const last = new Date(y, m - 1 + months + 1, 0).getDate(); // 31 Jan + 1 month: 28/29 Feb
    next = formatDate(new Date(y, m - 1 + months, Math.min(d, last) + days));
  } else next = formatDate(now);
  const { min, max } = dateBounds(ctx.field, ctx);
  if (min && next < min) next = min;
  if (max && next > max) next = max;
  return isDatetime ? `${next} ${time}` : next;
}

export const date = widget<'date' | 'datetime', DateState>({
  create: (ctx) => ({ editor: createEditor(valueText(ctx.value()).replace('T', ' ')) }),

  update(ctx, w, e) {
    if (e.type === 'key' && !e.ctrl && !e.alt) {
      const move = { up: [1, 0], down: [-1, 0], pageup: [0, 1], pagedown: [0, -1] }[e.name];
      if (move) {
        w.editor = createEditor(stepDate(ctx, w.editor.text, move[0]!, move[1]));
        ctx.setError(null);
        return;
      }
    }
    const valueFor = (text: string) => {
      const typed = ctx.field.type === 'datetime' ? normalizeDateTime(text) : text.trim();
      return typed === '' ? undefined : typed;
    };
    const r = typeInto(ctx, w.editor, e, { multiline: false, max: 40, valueFrom: valueFor });
    if (r.kind === 'edit') w.editor = r.editor;
    else if (r.kind === 'submit') ctx.commit(valueFor(w.editor.text));
  },

  draw(ctx, w, fb) {
    const m = words(ctx.locale);
    const { min, max } = dateBounds(ctx.field, ctx);
    const format = ctx.field.type === 'datetime' ? m.formatDatetime : m.formatDate;
    fb.text(min || max ? `${format} (${min ?? ''} 〜 ${max ?? ''})` : format, 'dim');
    drawEditor(fb, w.editor, [{ text: '> ', style: 'accent' }], '');
  },

  keys: (ctx) => [words(ctx.locale).keyNext, words(ctx.locale).keyDay],

  dirty(ctx, w) {
    const typed = ctx.field.type === 'datetime' ? normalizeDateTime(w.editor.text) : w.editor.text.trim();
    return typed !== valueText(ctx.value());
  },
});
