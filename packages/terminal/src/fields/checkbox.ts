// checkbox: Space (or x) toggles, y / n set it, Enter confirms (a required checkbox must be on).
import { fieldLabel } from '@formrequest/schema';
import { words } from '../messages.js';
import { widget } from './types.js';

interface CheckboxState {
  on: boolean;
}

export const checkbox = widget<'checkbox', CheckboxState>({
  create: (ctx) => ({ on: ctx.value() === true }),

  update(ctx, w, e) {
    if (e.type === 'text') {
      const c = e.text.toLowerCase();
      if (c === ' ' || c === 'x') w.on = !w.on;
      else if (c === 'y') w.on = true;
      else if (c === 'n') w.on = false;
      else return;
      ctx.setError(null);
    } else if (e.type === 'key' && e.name === 'enter') ctx.commit(w.on);
  },

  draw(ctx, w, fb) {
    fb.focusRow = fb.item(
      [{ text: '> ', style: 'selected' }, { text: w.on ? '[x] ' : '[ ] ' }],
      fieldLabel(ctx.field),
      'selected',
    );
  },

  keys: (ctx) => [words(ctx.locale).keyToggle, words(ctx.locale).keyNext],

  dirty: (ctx, w) => w.on !== (ctx.value() === true),

  display: (ctx) => (ctx.value() === true ? words(ctx.locale).checked : words(ctx.locale).unchecked),
});
