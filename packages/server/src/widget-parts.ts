// The parts of the MCP Apps widget that are not in its HTML (scripts/build-widget.mjs): the web
// renderer's on-demand parts and the widget's own `question` part (a question's answer checks and
// text), each dist/widget-parts/<name>.js. Which of them a form needs is decided here once, for the
// server (which sends them in the result's `_meta`, apps.ts) and the widget (which loads them before it
// draws the form, widget/view.ts). No Node imports: the widget bundles this module.
import { type FormSchema, type RendererPart, rendererParts } from '@formrequest/schema/core';

export type WidgetPart = RendererPart | 'question';

/** Every part's name, as build-widget.mjs writes them (the renderer's seven, then the widget's own). */
export const WIDGET_PARTS: readonly WidgetPart[] = [
  'pattern',
  'en',
  'reader',
  'sentences',
  'remote',
  'file',
  'prompts',
  'question',
];

/** The resource a host can read a part from (`resources/read`), registered by apps.ts. */
export const widgetPartUri = (name: string): string => `ui://form/parts/${name}.js`;

/**
 * The parts the widget loads for `schema` before drawing it: the renderer's for the form in its own
 * locale (the widget renders in the form's locale), and `question` for a `question` call's form.
 */
export function widgetParts(schema: FormSchema, question: boolean): WidgetPart[] {
  const parts: WidgetPart[] = rendererParts(schema, schema.locale);
  return question ? [...parts, 'question'] : parts;
}
