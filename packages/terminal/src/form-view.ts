// Draws `formrequest ask`: the form title, the section (heading or divider) of the current field, the
// field's label and its widget (fields/*, which draws itself), the inline message, a yes/no dialog when
// one is open, the key hint, and the review screen.
import { fieldLabel, type InputField, isEmptyValue, t, valueKind } from '@formrequest/schema';
import { sanitizeText as sanitizeLine } from '@formrequest/schema/printable';
import { drawDialog } from './dialog.js';
import {
  currentField,
  type FormState,
  fieldContext,
  stepField,
  stepWidget,
  widgetState,
} from './form-flow.js';
import { type Frame, FrameBuilder, type Row } from './frame.js';
import { hint, say, words } from './messages.js';
import type { Outcome } from './session.js';
import { truncateToWidth } from './width.js';

export function formView(s: FormState, width: number, height = s.rows): Frame {
  const fb = new FrameBuilder(width);
  fb.item([], s.schema.title, 'title');
  if (s.schema.description) fb.text(s.schema.description, 'dim', 0, { multiline: true });
  fb.blank();
  const field = currentField(s);
  // The footer first, so the field's list knows how many rows are left for it.
  const footer = fb.scratch();
  if (s.notice) footer.footerText(s.notice, 'warn');
  if (s.error) footer.footerText(s.error, 'error');
  if (s.dialog) drawDialog(footer, s.dialog, s.locale);
  else footer.footerLine([{ text: field ? fieldHint(s, field) : reviewHint(s), style: 'dim' }]);
  if (field) drawField(fb, s, field, height - footer.footer.length);
  else drawReview(fb, s);
  fb.footer.push(...footer.footer);
  return fb.frame(field ? `f${s.step}` : 'review');
}

interface Marker {
  title: string;
  description?: string;
}

/**
 * The headings and dividers that open the section a field is in: the nearest run of them above it,
 * every one (a heading followed by a divider shows both), in order.
 */
function sectionOf(s: FormState, index: number): Marker[] {
  const fields = s.schema.fields;
  const isMarker = (i: number) => fields[i]!.type === 'heading' || fields[i]!.type === 'divider';
  let i = index - 1;
  while (i >= 0 && !isMarker(i)) i--;
  const out: Marker[] = [];
  for (; i >= 0; i--) {
    const f = fields[i]!;
    if (f.type === 'heading') out.unshift({ title: f.text, description: f.description });
    else if (f.type === 'divider') out.unshift({ title: f.label ?? '' });
    else if (f.type !== 'hidden') break;
  }
  return out;
}

function drawMarkers(fb: FrameBuilder, markers: Marker[], descriptions: boolean): void {
  for (const mk of markers) {
    fb.item([{ text: mk.title ? '── ' : '──', style: 'accent' }], mk.title, 'accent');
    if (descriptions && mk.description) fb.text(mk.description, 'dim', 0, { multiline: true });
  }
}

function fieldHint(s: FormState, field: InputField): string {
  const k = words(s.locale);
  const keys = stepWidget(field).keys(fieldContext(s), widgetState(s));
  const esc = keys.some((x) => x.startsWith('Esc')) ? undefined : s.revising ? k.keyBack : k.keyCancel;
  return hint(...keys, s.step > 0 && !s.revising && k.keyPrev, esc);
}

function reviewHint(s: FormState): string {
  const k = words(s.locale);
  return hint(k.keyMove, k.keyReviseSubmit, k.keyCancel);
}

function drawField(fb: FrameBuilder, s: FormState, field: InputField, room: number): void {
  const m = words(s.locale);
  drawMarkers(fb, sectionOf(s, s.steps[s.step]!), true);
  const progress = ` ${say(m.fieldOf, { i: s.step + 1, n: s.steps.length })}`;
  const required = 'required' in field && field.required;
  fb.item([], `${fieldLabel(field)}${required ? ' *' : ''}${progress}`, 'bold');
  // What is left under the label, less a row for a widget's own line above its list (a filter, a query).
  const listRows = Math.max(3, room - fb.rows.length - 2);
  stepWidget(field).draw(fieldContext(s, s.step, listRows), widgetState(s), fb);
}

/** How a committed value reads on the review screen. */
export function displayValue(s: FormState, step: number): string {
  const field = stepField(s, step);
  const m = words(s.locale);
  const own = stepWidget(field).display?.(fieldContext(s, step));
  if (own !== undefined) return own;
  const v = s.values[field.name];
  if (isEmptyValue(v)) return m.empty;
  const label = s.labels[field.name];
  if (label !== undefined && label !== '') return Array.isArray(label) ? label.join(', ') : label;
  return Array.isArray(v) ? v.map(String).join(', ') : String(v);
}

function drawReview(fb: FrameBuilder, s: FormState): void {
  const m = words(s.locale);
  fb.item([], m.reviewTitle, 'bold');
  let lastSection: string | null = null;
  s.steps.forEach((index, i) => {
    const field = stepField(s, i);
    const markers = sectionOf(s, index);
    const key = JSON.stringify(markers.map((mk) => mk.title));
    if (markers.length > 0 && key !== lastSection) drawMarkers(fb, markers, false);
    lastSection = markers.length > 0 ? key : null;
    const here = s.reviewCursor === i;
    const row = fb.item(
      [{ text: here ? '> ' : '  ', style: 'selected' }],
      `${fieldLabel(field)}:`,
      here ? 'selected' : 'bold',
    );
    if (here) fb.focusRow = row;
    // A checkbox always has an answer (false), shown as such.
    const empty = isEmptyValue(s.values[field.name]) && valueKind(field) !== 'boolean';
    fb.item([{ text: '    ' }], displayValue(s, i), empty ? 'dim' : 'ok', { multiline: true, maxRows: 3 });
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

/** What an inline `ask` leaves in the scrollback: the form's title and each answer, or the cancel. */
export function formTranscript(s: FormState, width: number, outcome: Outcome): Row[] {
  const m = words(s.locale);
  const fb = new FrameBuilder(width);
  if (outcome !== 'submitted') {
    fb.item([{ text: '✕ ', style: 'error' }], s.schema.title, 'bold');
    fb.item([{ text: '  ' }], m.cancelled, 'dim');
    return fb.rows;
  }
  fb.item([{ text: '✔ ', style: 'ok' }], s.schema.title, 'bold');
  s.steps.forEach((_, i) => {
    const field = stepField(s, i);
    // A checkbox always has an answer (false), shown as such.
    const empty = isEmptyValue(s.values[field.name]) && valueKind(field) !== 'boolean';
    fb.item(
      [
        { text: '  ' },
        {
          text: `${truncateToWidth(sanitizeLine(fieldLabel(field)), Math.floor(width / 2))}: `,
          style: 'dim',
        },
      ],
      displayValue(s, i),
      empty ? 'dim' : 'accent',
      {
        multiline: true,
        maxRows: 6,
      },
    );
  });
  return fb.rows;
}
