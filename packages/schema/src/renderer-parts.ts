// The web renderer's on-demand parts (@formrequest/web's `import()`s: patterns.ts, words.ts,
// fields/later.ts, form-life.ts, checks.ts, issues.ts) that a checked form can load, decided from the
// form alone. Here, not in the renderer, because the server needs the answer at run time (it sends the
// MCP Apps widget the parts of the form it shows) and the schema package is what both import; the
// web package's test/renderer-parts.test.ts holds it to what the renderer really imports.

import { valueKind } from './catalog.js';
import type { FormSchema } from './types.js';
import { formLocale, resolveLocale } from './words.js';

/**
 * A part by the name of its file (`formrequest-<name>.js` in @formrequest/web's dist/). `reader` and
 * `sentences` load only for a form with something to say as written or a broken one, never for a
 * checked form: rendererParts does not name them.
 */
export type RendererPart = 'pattern' | 'en' | 'remote' | 'file' | 'prompts' | 'reader' | 'sentences';

/**
 * The parts a checked form may import while it is rendered, filled in, refused on submit or cancelled,
 * in the renderer's locale `locale` (the embedder's choice, else the form's own). `prompts` (the
 * question before typed answers are thrown away, a long form's error summary) is in every list: any
 * form can be cancelled after typing.
 */
export function rendererParts(form: FormSchema, locale?: unknown): RendererPart[] {
  const parts = new Set<RendererPart>(['prompts']);
  if (resolveLocale(locale, formLocale(form)) === 'en') parts.add('en');
  for (const field of form.fields ?? []) {
    const kind = valueKind(field);
    if (kind === 'remote' || kind === 'remote[]') parts.add('remote');
    if (kind === 'file') parts.add('file');
    if (typeof (field as { pattern?: unknown }).pattern === 'string') parts.add('pattern');
  }
  return [...parts];
}
