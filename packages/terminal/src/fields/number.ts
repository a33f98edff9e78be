// number: typed, or stepped with ↑ / ↓ by `step` (PageUp / PageDown by ten steps), kept within min and
// max and on the step grid; a value that is not a number is passed on so the schema's message says so.

import { type FieldOf, parseDecimal } from '@formrequest/schema';
import { createEditor, type EditorState } from '../editor.js';
import { drawEditor } from '../editor-view.js';
import { words } from '../messages.js';
import { typeInto, valueText } from './editing.js';
import { widget } from './types.js';

interface NumberState {
  editor: EditorState;
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? s.split('.')[1]!.length : 0;
}

/** The typed number moved by `steps` steps, on the grid that starts at min, within min and max. */
export function stepNumber(field: FieldOf<'number'>, text: string, steps: number): string {
  const step = typeof field.step === 'number' && field.step > 0 ? field.step : 1;
  const min = typeof field.min === 'number' ? field.min : undefined;
  const max = typeof field.max === 'number' ? field.max : undefined;
  const typed = parseDecimal(text.trim());
  const origin = min ?? 0;
  let value: number;
  if (Number.isFinite(typed)) {
    // Off the grid: the first press lands on the nearest grid point in that direction.
    const k = (typed - origin) / step;
    const onGrid = Math.abs(k - Math.round(k)) < 1e-9;
    value = origin + (onGrid ? Math.round(k) + steps : steps > 0 ? Math.ceil(k) : Math.floor(k)) * step;
    if (!onGrid && Math.abs(steps) > 1) value += (steps - Math.sign(steps)) * step;
  } else value = min ?? (max !== undefined && max < 0 ? max : 0);
  if (min !== undefined) value = Math.max(min, value);
  if (max !== undefined) value = Math.min(max, value);
  const places = Math.max(decimals(step), decimals(origin));
  return String(Number(value.toFixed(places)));
}

/**
 * The typed text as a number when it is a decimal one (`parseDecimal`); other text (`0x5`, `５`) goes on
 * as text, so validateField gives its "not a number" message, as the server, the host and the page do.
 */
function numberOf(text: string): unknown {
  const typed = text.trim();
  const n = parseDecimal(typed);
  return typed === '' ? undefined : Number.isFinite(n) ? n : typed;
}

export const number = widget<'number', NumberState>({
  create: (ctx) => ({ editor: createEditor(valueText(ctx.value())) }),

  update(ctx, w, e) {
    if (e.type === 'key' && !e.ctrl && !e.alt) {
      const steps = { up: 1, down: -1, pageup: 10, pagedown: -10 }[e.name];
      if (steps !== undefined) {
        w.editor = createEditor(stepNumber(ctx.field, w.editor.text, steps));
        ctx.setError(null);
        return;
      }
    }
    const r = typeInto(ctx, w.editor, e, { multiline: false, valueFrom: numberOf });
    if (r.kind === 'edit') w.editor = r.editor;
    else if (r.kind === 'submit') ctx.commit(numberOf(w.editor.text));
  },

  draw(ctx, w, fb) {
    const f = ctx.field;
    const bounds = [
      typeof f.min === 'number' ? `≥ ${f.min}` : '',
      typeof f.max === 'number' ? `≤ ${f.max}` : '',
      typeof f.step === 'number' ? `step ${f.step}` : '',
    ].filter(Boolean);
    if (bounds.length) fb.text(bounds.join(' · '), 'dim');
    drawEditor(fb, w.editor, [{ text: '> ', style: 'accent' }], f.placeholder ?? '');
  },

  keys: (ctx) => [words(ctx.locale).keyNext, words(ctx.locale).keyStep],

  dirty: (ctx, w) => w.editor.text.trim() !== valueText(ctx.value()),
});
