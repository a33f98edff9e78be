// Where the host can tell: a remote field (autocomplete, multi-autocomplete, async-select,
// cascading-select) that searches the host's own demo API must answer a value that API can return.
// The host holds that data, so a value no search could have given is refused like a value outside a
// select's options. Other search APIs are the model's and the person's: the host cannot know what they
// return, and their values pass as the schema's checks allow (see the README, "What the host checks").
import {
  addressKind,
  type FormField,
  fieldLabel,
  type Locale,
  ownValue,
  parseRemoteUrl,
  t,
} from '@formrequest/schema';
import { CATEGORIES, CITIES, COUNTRIES, PREFECTURES, PROJECTS, USERS } from '../demo-data.js';

const DATA: Record<string, readonly object[]> = {
  '/api/demo/users/search': USERS,
  '/api/demo/projects/search': PROJECTS,
  '/api/demo/categories': CATEGORIES,
  '/api/demo/countries': COUNTRIES,
  '/api/demo/prefectures': PREFECTURES,
  '/api/demo/cities': CITIES,
};

/** The demo data a field's URL reads: a path, or a loopback URL, of one of the demo endpoints. */
function demoData(url: unknown): readonly object[] | undefined {
  if (typeof url !== 'string') return undefined;
  const read = parseRemoteUrl(url);
  if (!read.ok) return undefined;
  const parsed = new URL(read.url, 'http://127.0.0.1/');
  // A path is this host's; an absolute URL only on loopback (behind --origin a model may also write the
  // public origin, which the host does not know here: its values pass unchecked).
  if (read.kind === 'absolute' && addressKind(parsed.hostname) !== 'loopback') return undefined;
  return DATA[parsed.pathname];
}

/** Per field name, the message for answered values the demo API never returns. */
export function demoValueErrors(
  fields: readonly FormField[],
  answers: Record<string, unknown>,
  locale: Locale,
): Record<string, string> {
  const errors: Record<string, string> = Object.create(null);
  for (const field of fields) {
    const f = field as FormField & Record<string, unknown>;
    const data = demoData(f.searchUrl ?? f.loadUrl);
    if (
      !data ||
      typeof f.valueField !== 'string' ||
      typeof f.name !== 'string' ||
      !Object.hasOwn(answers, f.name)
    )
      continue;
    const given = answers[f.name];
    if (given === null || given === undefined || given === '') continue;
    const known = new Set(
      data.map((item) => String(ownValue(item as Record<string, unknown>, f.valueField as string))),
    );
    const values = Array.isArray(given) ? given : [given];
    if (values.some((v) => (typeof v === 'string' || typeof v === 'number') && !known.has(String(v))))
      errors[f.name] = t(locale, 'notOption', { label: fieldLabel(field) });
  }
  return errors;
}
