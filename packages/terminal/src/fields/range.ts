// range: a bar between min and max, ← / → (↑ / ↓) by `step`, PageUp / PageDown by a tenth of the range,
// Home / End to the ends. The value is always on the step grid and within bounds.
import { fieldProp } from '@formrequest/schema';
import { words } from '../messages.js';
import { type FieldContext, widget } from './types.js';

interface RangeState {
  value: number;
}

/** The slider's ends and step: the field's, else the catalog's defaults (0, 100, 1). */
function bounds(ctx: FieldContext<'range'>) {
  const f = ctx.field;
  return { min: fieldProp(f, 'min'), max: fieldProp(f, 'max'), step: fieldProp(f, 'step') || 1 };
}

export const range = widget<'range', RangeState>({
  create(ctx) {
    const v = ctx.value();
    return { value: typeof v === 'number' ? v : bounds(ctx).min };
  },

  update(ctx, w, e) {
    if (e.type !== 'key') return;
    const { min, max, step } = bounds(ctx);
    const clamp = (n: number) =>
      Math.min(max, Math.max(min, Number((Math.round((n - min) / step) * step + min).toFixed(10))));
    const big = Math.max(step, (max - min) / 10);
    if (e.name === 'left' || e.name === 'down') w.value = clamp(w.value - step);
    else if (e.name === 'right' || e.name === 'up') w.value = clamp(w.value + step);
    else if (e.name === 'pagedown') w.value = clamp(w.value - big);
    else if (e.name === 'pageup') w.value = clamp(w.value + big);
    else if (e.name === 'home') w.value = min;
    else if (e.name === 'end') w.value = max;
    else if (e.name === 'enter') ctx.commit(w.value);
  },

  draw(ctx, w, fb) {
    const { min, max } = bounds(ctx);
    const room = Math.max(5, Math.min(40, fb.width - 20));
    const filled = max > min ? Math.round(((w.value - min) / (max - min)) * room) : 0;
    fb.line([
      { text: `${min} `, style: 'dim' },
      { text: '█'.repeat(filled), style: 'accent' },
      { text: '░'.repeat(room - filled), style: 'dim' },
      { text: ` ${max}`, style: 'dim' },
    ]);
    fb.focusRow = fb.line([
      { text: '> ', style: 'accent' },
      { text: String(w.value), style: 'selected' },
    ]);
  },

  keys: (ctx) => [words(ctx.locale).keyAdjust, words(ctx.locale).keyNext],

  dirty: (ctx, w) => w.value !== ctx.value(),
});
