// Stand-in for @formrequest/schema's normalize.ts inside dist/formrequest.js (scripts/bundle.mjs swaps it
// in). Reading what a model clearly meant (options as plain strings, `Text` for `text`, `url` for
// `searchUrl`, a form's language from its words...) would add a quarter to the bundle, and the forms it
// is handed in this project were read already: the server's Apps widget renders the form the server
// checked, and the host's page the form the host checked, with its language. A form given straight to
// this bundle is checked as written (each defect listed with its fix) in the language the page asks
// for. Imported from npm (`@formrequest/web`), renderForm reads forms like every other surface.
import type { Issue, Locale } from '@formrequest/schema';

type Obj = Record<string, unknown>;

export function formLanguage(_input: unknown): Locale | undefined {
  return undefined;
}

export function normalizeForm(input: Obj, _ctx: unknown): { form: Obj; notes: Issue[] } {
  return { form: input, notes: [] };
}

export function readFormSchema(input: unknown): unknown {
  return input;
}
