// What the person saw for the answers that are ids: the option label of a select, radio or multiselect
// (from the form), and the row a search or loaded choice showed (autocomplete, multi-autocomplete,
// async-select, cascading-select: only the renderer knows it, and passes it in). Results that carry
// answers to a model put these beside the values, so it can say "assigned to 山田 太郎" without
// guessing; the conversation-mode message (seed 000: JSON.stringify of the values) never includes them.
import { FIELD_CATALOG, type FieldType } from './catalog.js';
import type { Answers, FormSchema } from './types.js';

/** field name -> the label shown for its answer (a list for several answers). */
export type AnswerLabels = Record<string, string | string[]>;

/** The longest shown text kept per answer (a renderer's row, not a document). */
export const MAX_LABEL_CHARS = 200;

/**
 * The labels of the answered choice and search fields. `shown`: what the renderer displayed for the
 * search and loaded fields (untrusted when it comes from a page: only strings are kept, cut at
 * MAX_LABEL_CHARS, one per answer). A field whose label equals its value is left out.
 */
export function answerLabels(
  schema: FormSchema,
  values: Answers,
  shown: Record<string, unknown> = {},
): AnswerLabels {
  const out: AnswerLabels = {};
  for (const field of schema.fields as Array<Record<string, unknown>>) {
    const name = field.name as string | undefined;
    if (!name || !Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    // By the catalog's value kind: the form's options say the label; a search or load, the page.
    const kind = FIELD_CATALOG[field.type as FieldType]?.value;
    let label: string | string[] | undefined;
    if (kind === 'option' || kind === 'options') {
      const options = (field.options as Array<{ value: unknown; label?: unknown }> | undefined) ?? [];
      const labelOf = (v: unknown) => {
        const option = options.find((o) => String(o.value) === String(v));
        return typeof option?.label === 'string' ? option.label : String(v);
      };
      label = Array.isArray(value) ? value.map(labelOf) : labelOf(value);
    } else if ((kind === 'remote' || kind === 'remote[]') && Object.hasOwn(shown, name)) {
      label = shownLabel(shown[name], value);
    }
    if (label === undefined) continue;
    const same = Array.isArray(label)
      ? Array.isArray(value) && label.every((l, i) => l === String(value[i]))
      : label === String(value);
    if (!same) out[name] = label;
  }
  return out;
}

function shownLabel(text: unknown, value: unknown): string | string[] | undefined {
  const cut = (t: unknown) =>
    typeof t === 'string' && t.trim() !== '' ? t.slice(0, MAX_LABEL_CHARS) : undefined;
  if (Array.isArray(value)) {
    if (!Array.isArray(text) || text.length !== value.length) return undefined;
    const labels = text.map((t, i) => cut(t) ?? String(value[i]));
    return labels;
  }
  return cut(Array.isArray(text) ? text[0] : text);
}
