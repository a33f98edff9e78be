// date and datetime: bounds ('today', '+30days', ISO) come from the schema package with the form's clock,
// go into the picker as min/max, and typed values are checked by the same validateField.
import { resolveDateBound } from '@formrequest/schema';
import { h, on } from '../dom.js';
import type { Field, FieldContext, FieldView } from '../types.js';
import { base, labelled } from './shell.js';

export function date(f: Field, ctx: FieldContext): FieldView {
  const dt = f.type === 'datetime';
  const bound = (expr: unknown, time: string) => {
    const d = typeof expr === 'string' ? resolveDateBound(expr, ctx.now) : null;
    return d && (dt ? d + time : d);
  };
  const input = h('input', {
    ...base(f, ctx.id),
    type: dt ? 'datetime-local' : 'date',
    min: bound(f.minDate, 'T00:00'),
    max: bound(f.maxDate, 'T23:59'),
  });
  input.value = String(ctx.get() ?? '');
  const sync = () => ctx.set(input.value);
  on(input, 'input', sync);
  on(input, 'change', sync);
  return { el: labelled(f, ctx.id, input), controls: [input] };
}
