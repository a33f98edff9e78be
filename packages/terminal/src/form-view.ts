// Draws `formrequest ask`: the form title, the section (heading or divider) of the current field, the
// field with its widget, the inline validation message, and the review screen.
import {
  type FormField,
  fieldLabel,
  isEmptyValue,
  resolveDateBound,
  shortenSuggestion,
  t,
} from '@formrequest/schema';
import { drawEditor } from './editor-view.js';
import { choicesOf, currentField, type FormState, familyOf } from './form-flow.js';
import { type Frame, FrameBuilder, type Span } from './frame.js';
import { ui } from './messages.js';

type AnyField = FormField & Record<string, any>;

export function formView(s: FormState, width: number): Frame {
  const fb = new FrameBuilder(width);
  const m = ui(s.locale);
  fb.item([], s.schema.title, 'title');
  if (s.schema.description) fb.text(s.schema.description, 'dim', 0, { multiline: true });
  fb.blank();
  if (s.step >= s.steps.length) drawReview(fb, s);
  else drawField(fb, s, currentField(s)!);
  if (s.notice) fb.footerText(m[s.notice], 'warn');
  if (s.error) fb.footerText(s.error, 'error');
  const field = currentField(s);
  const hint = field ? hintFor(s, field) : m.hintReview;
  fb.footerLine([{ text: hint, style: 'dim' }]);
  return fb.frame();
}

/** The heading or divider that opens the section a field is in. */
function sectionOf(s: FormState, index: number): { title: string; description?: string } | null {
  for (let i = index - 1; i >= 0; i--) {
    const f = s.schema.fields[i] as AnyField;
    if (f.type === 'heading') return { title: f.text, description: f.description };
    if (f.type === 'divider') return f.label ? { title: f.label } : null;
  }
  return null;
}

function hintFor(s: FormState, field: AnyField): string {
  const m = ui(s.locale);
  switch (familyOf(field)) {
    case 'textarea':
      return m.hintTextarea;
    case 'choice':
      return m.hintChoice;
    case 'multi':
      return m.hintMultiChoice;
    case 'checkbox':
      return m.hintCheckbox;
    case 'range':
      return m.hintRange;
    case 'search':
      return m.hintSearch;
    case 'multisearch':
      return m.hintMultiSearch;
    case 'file':
      return field.multiple ? m.hintTextarea : m.hintField;
    default:
      return m.hintField;
  }
}

function drawField(fb: FrameBuilder, s: FormState, field: AnyField): void {
  const m = ui(s.locale);
  const section = sectionOf(s, s.steps[s.step]!);
  if (section) {
    fb.item([{ text: '── ', style: 'accent' }], section.title, 'accent');
    if (section.description) fb.text(section.description, 'dim', 0, { multiline: true });
  }
  const progress = ` ${m.fieldOf(s.step + 1, s.steps.length)}`;
  fb.item([], `${fieldLabel(field)}${field.required ? ' *' : ''}${progress}`, 'bold');
  const family = familyOf(field)!;
  const w = s.widget!;
  const prompt: Span[] = [{ text: '> ', style: 'accent' }];
  switch (family) {
    case 'text':
    case 'textarea':
    case 'number':
    case 'date':
    case 'datetime':
    case 'file': {
      const extra =
        family === 'date'
          ? dateRange(s, field)
          : family === 'datetime'
            ? m.hintDatetime
            : family === 'file'
              ? fileHint(s, field)
              : '';
      if (extra) fb.text(extra, 'dim');
      drawEditor(fb, w.editor, prompt, field.placeholder ?? '');
      if (Array.isArray(field.suggestions) && field.suggestions.length) {
        const chips = field.suggestions.map(
          (x: string, i: number) =>
            `${i === w.suggestion ? '[' : ''}${shortenSuggestion(x)}${i === w.suggestion ? ']' : ''}`,
        );
        fb.item([{ text: `${t(s.locale, 'suggestions')} `, style: 'dim' }], chips.join('  '), 'plain');
        fb.text(m.hintSuggestions, 'dim');
      }
      if (family === 'textarea' && typeof field.maxLength === 'number') {
        fb.text(`${Array.from(w.editor.text).length}/${field.maxLength}`, 'dim');
      }
      return;
    }
    case 'choice':
    case 'multi': {
      if (remoteStatus(fb, s, field)) return;
      const choices = choicesOf(s, field);
      choices.forEach((c, i) => {
        const here = w.cursor === i;
        const mark =
          family === 'multi'
            ? w.picked.includes(c.value)
              ? '[x] '
              : '[ ] '
            : s.values[field.name] === c.value
              ? '(*) '
              : '( ) ';
        const row = fb.item(
          [{ text: here ? '> ' : '  ', style: 'selected' }, { text: mark }],
          c.label,
          here ? 'selected' : 'plain',
        );
        if (here) fb.focusRow = row;
      });
      if (family === 'choice' && !field.required) {
        const here = w.cursor === choices.length;
        const row = fb.item(
          [{ text: here ? '> ' : '  ', style: 'selected' }],
          m.none,
          here ? 'selected' : 'dim',
        );
        if (here) fb.focusRow = row;
      }
      if (family === 'multi' && w.picked.length)
        fb.text(t(s.locale, 'selected', { n: w.picked.length }), 'dim');
      return;
    }
    case 'checkbox': {
      const on = s.values[field.name] === true;
      fb.focusRow = fb.item(
        [{ text: '> ', style: 'selected' }, { text: on ? '[x] ' : '[ ] ' }],
        fieldLabel(field),
        'selected',
      );
      return;
    }
    case 'range': {
      const min = Number(field.min ?? 0);
      const max = Number(field.max ?? 100);
      const value = Number(s.values[field.name] ?? min);
      const room = Math.max(5, Math.min(40, fb.width - 20));
      const filled = max > min ? Math.round(((value - min) / (max - min)) * room) : 0;
      fb.line([
        { text: `${min} `, style: 'dim' },
        { text: '█'.repeat(filled), style: 'accent' },
        { text: '░'.repeat(room - filled), style: 'dim' },
        { text: ` ${max}`, style: 'dim' },
      ]);
      fb.line([
        { text: '> ', style: 'accent' },
        { text: String(value), style: 'selected' },
      ]);
      return;
    }
    case 'search':
    case 'multisearch': {
      if (family === 'multisearch') {
        const labels = (s.labels[field.name] as string[] | undefined) ?? [];
        if (labels.length) fb.item([], labels.map((l) => `[${l}]`).join(' '), 'ok');
      } else if (!isEmptyValue(s.values[field.name])) {
        fb.item([{ text: '= ', style: 'dim' }], String(s.labels[field.name] ?? s.values[field.name]), 'ok');
      }
      const cursorRow = fb.rows.length;
      drawEditor(fb, w.editor, prompt, field.placeholder ?? '');
      const focus = fb.cursor;
      const minChars = typeof field.minChars === 'number' ? field.minChars : 1;
      if (w.editor.text.length < minChars && !w.remote)
        fb.text(t(s.locale, 'typeToSearch', { n: minChars }), 'dim');
      else if (!remoteStatus(fb, s, field)) {
        w.remote?.items.forEach((c, i) => {
          const here = w.cursor === i;
          const picked = family === 'multisearch' && w.picked.includes(c.value) ? '[x] ' : '';
          fb.item(
            [{ text: here ? '  > ' : '    ', style: 'selected' }, { text: picked }],
            c.label,
            here ? 'selected' : 'plain',
          );
        });
      }
      fb.cursor = focus;
      fb.focusRow = cursorRow;
      return;
    }
  }
}

/** Loading / error / empty states of remote options; true when one was drawn instead of a list. */
function remoteStatus(fb: FrameBuilder, s: FormState, field: AnyField): boolean {
  const r = s.widget!.remote;
  if (!r) return false;
  if (field.type === 'cascading-select' && r.url === null && !r.error) {
    const parent = (s.schema.fields as AnyField[]).find((f) => f.name === field.dependsOn);
    fb.text(
      t(s.locale, 'chooseParentFirst', { parent: parent ? fieldLabel(parent) : field.dependsOn }),
      'warn',
    );
    return true;
  }
  if (r.loading) {
    fb.text(t(s.locale, 'loading'), 'dim');
    return true;
  }
  if (r.error) {
    fb.text(
      `${t(s.locale, field.type === 'autocomplete' || field.type === 'multi-autocomplete' ? 'searchError' : 'loadError')} (${r.error})`,
      'error',
    );
    return true;
  }
  if (r.items.length === 0) {
    fb.text(t(s.locale, 'noResults'), 'dim');
    return true;
  }
  return false;
}

function dateRange(s: FormState, field: AnyField): string {
  const m = ui(s.locale);
  const min = typeof field.minDate === 'string' ? resolveDateBound(field.minDate, s.opts.now) : null;
  const max = typeof field.maxDate === 'string' ? resolveDateBound(field.maxDate, s.opts.now) : null;
  return min || max ? `${m.hintDate} (${min ?? ''} 〜 ${max ?? ''})` : m.hintDate;
}

function fileHint(s: FormState, field: AnyField): string {
  const m = ui(s.locale);
  const parts = [field.multiple ? m.hintFiles : m.hintFile];
  if (field.accept) parts.push(field.accept);
  if (typeof field.maxSize === 'number') parts.push(`≤ ${field.maxSize} B`);
  return parts.join(' · ');
}

/** How a value reads on the review screen. */
export function displayValue(s: FormState, field: AnyField): string {
  const m = ui(s.locale);
  const v = s.values[field.name];
  const label = s.labels[field.name];
  if (field.type === 'checkbox') return v === true ? m.checked : m.unchecked;
  if (isEmptyValue(v)) return m.empty;
  if (label !== undefined && label !== '') return Array.isArray(label) ? label.join(', ') : label;
  if (Array.isArray(field.options)) {
    const name = (x: unknown) =>
      field.options.find((o: { value: unknown }) => o.value === x)?.label ?? String(x);
    return Array.isArray(v) ? v.map(name).join(', ') : name(v);
  }
  return Array.isArray(v) ? v.map(String).join(', ') : String(v);
}

function drawReview(fb: FrameBuilder, s: FormState): void {
  const m = ui(s.locale);
  fb.item([], m.reviewTitle, 'bold');
  let lastSection: string | null = null;
  s.steps.forEach((index, i) => {
    const field = s.schema.fields[index] as AnyField;
    const section = sectionOf(s, index);
    if (section && section.title !== lastSection)
      fb.item([{ text: '── ', style: 'accent' }], section.title, 'accent');
    lastSection = section?.title ?? null;
    const here = s.reviewCursor === i;
    const row = fb.item(
      [{ text: here ? '> ' : '  ', style: 'selected' }],
      `${fieldLabel(field)}:`,
      here ? 'selected' : 'bold',
    );
    if (here) fb.focusRow = row;
    fb.item(
      [{ text: '    ' }],
      displayValue(s, field),
      isEmptyValue(s.values[field.name]) && field.type !== 'checkbox' ? 'dim' : 'ok',
      { multiline: true, maxRows: 3 },
    );
  });
  fb.blank();
  const submit = s.reviewCursor === s.steps.length;
  const cancel = s.reviewCursor === s.steps.length + 1;
  const r1 = fb.item(
    [{ text: submit ? '> ' : '  ', style: 'selected' }],
    s.schema.submitLabel ?? t(s.locale, 'submit'),
    submit ? 'selected' : 'bold',
  );
  const r2 = fb.item(
    [{ text: cancel ? '> ' : '  ', style: 'selected' }],
    s.schema.cancelLabel ?? t(s.locale, 'cancel'),
    cancel ? 'selected' : 'dim',
  );
  if (submit) fb.focusRow = r1;
  if (cancel) fb.focusRow = r2;
}
