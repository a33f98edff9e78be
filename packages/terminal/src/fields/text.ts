// text and textarea: an editor (one line, or several with Shift+Enter / Ctrl+J), Tab cycling through
// the agent's suggestions, a character counter under a textarea with maxLength, and a cap on what one
// answer can hold (maxLength, or 10,000 characters) enforced while typing and pasting.
import { fieldLabel, shortenSuggestion, t } from '@formrequest/schema';
import { createEditor, type EditorState } from '../editor.js';
import { drawEditor } from '../editor-view.js';
import { words } from '../messages.js';
import { ANSWER_MAX, typeInto, valueText } from './editing.js';
import { type FieldContext, widget } from './types.js';

interface TextState {
  editor: EditorState;
  /** The suggestion Tab filled in last (-1: none yet). */
  suggestion: number;
}

type Ctx = FieldContext<'text' | 'textarea'>;

function multiline(ctx: Ctx): boolean {
  return ctx.field.type === 'textarea';
}

function suggestions(ctx: Ctx): string[] {
  return ctx.field.suggestions ?? [];
}

function cap(ctx: Ctx): number {
  return ctx.field.maxLength ?? ANSWER_MAX;
}

export const text = widget<'text' | 'textarea', TextState>({
  create: (ctx) => ({ editor: createEditor(valueText(ctx.value())), suggestion: -1 }),

  update(ctx, w, e) {
    const list = suggestions(ctx);
    if (e.type === 'key' && e.name === 'tab' && !e.shift && list.length) {
      w.suggestion = (w.suggestion + 1) % list.length;
      w.editor = createEditor(list[w.suggestion]!);
      ctx.setError(null);
      return;
    }
    const max = ctx.field.maxLength;
    const r = typeInto(ctx, w.editor, e, {
      multiline: multiline(ctx),
      max: cap(ctx),
      // The seed's message for maxLength, as the page and the server say it.
      capMessage:
        typeof max === 'number'
          ? t(ctx.locale, 'maxLength', { label: fieldLabel(ctx.field), n: max })
          : undefined,
      valueFrom: (text) => (text === '' ? undefined : text),
    });
    if (r.kind === 'edit') w.editor = r.editor;
    else if (r.kind === 'submit') ctx.commit(w.editor.text === '' ? undefined : w.editor.text);
  },

  draw(ctx, w, fb) {
    drawEditor(fb, w.editor, [{ text: '> ', style: 'accent' }], ctx.field.placeholder ?? '');
    const list = suggestions(ctx);
    if (list.length) {
      const chips = list.map((x, i) => {
        const chip = shortenSuggestion(x);
        return i === w.suggestion ? `[${chip}]` : chip;
      });
      fb.item([{ text: `${t(ctx.locale, 'suggestions')} `, style: 'dim' }], chips.join('  '), 'plain');
    }
    if (multiline(ctx) && typeof ctx.field.maxLength === 'number') {
      fb.text(`${Array.from(w.editor.text).length}/${ctx.field.maxLength}`, 'dim');
    }
  },

  keys(ctx) {
    const k = words(ctx.locale);
    return [k.keyNext, multiline(ctx) && k.keyNewline, suggestions(ctx).length > 0 && k.keySuggest].filter(
      (x): x is string => typeof x === 'string',
    );
  },

  dirty: (ctx, w) => w.editor.text !== valueText(ctx.value()),
});
