// Stand-in for @formrequest/schema's schema-messages.ts inside dist/formrequest.js (scripts/bundle.mjs
// swaps it in). The schema-error sentences, ja + en, are a fifth of the bundle and only a broken form
// needs them: here each message is a placeholder that records what to say, and issueList() writes the
// real sentences once formrequest-sentences.js (sentences.ts), next to the bundle, has loaded. Where it
// cannot load, each problem stays named by its path and code. Unbundled, messages are already real.
import type { Issue, Locale } from '@formrequest/schema';
import { h } from './dom.js';

type Said = [locale: Locale, message: string, args: unknown[]];
const MARK = '\0';
let said: Said[] = [];

export function schemaMessages(locale: Locale): unknown {
  said = []; // one per validateFormSchema call; issueList keeps the list its issues point into
  return new Proxy(
    {},
    {
      get:
        (_, name) =>
        (...args: unknown[]) =>
          MARK + (said.push([locale, String(name), args]) - 1),
    },
  );
}

/** The issues as a list; placeholders become sentences when the sentences module arrives. */
export function issueList(issues: Issue[]): HTMLUListElement {
  const mine = said;
  const marked = (issue: Issue) => issue.message.startsWith(MARK);
  const items = issues.map((issue) =>
    h('li', null, marked(issue) ? `${issue.path || 'form_schema'}: ${issue.code}` : issue.message),
  );
  if (issues.some(marked))
    import('./sentences.js').then(
      ({ schemaMessages: real }) =>
        issues.forEach((issue, i) => {
          const [locale, name, args] = mine[Number(issue.message.slice(1))] ?? [];
          const say = locale && (real(locale) as Record<string, (...a: unknown[]) => string>)[name!];
          if (marked(issue) && say) items[i]!.textContent = say(...args!);
        }),
      () => {},
    );
  return h('ul', null, ...items);
}
