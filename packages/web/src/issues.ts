// A broken form's problems, said in sentences that load when a form needs them (sentences.js: the
// schema-error sentences, ja + en, a fifth of what the checks would weigh). Until they are there, the
// checker writes a mark for each sentence it would say (the sentence's name and arguments kept here),
// and issueList() writes the real sentences once they arrive; where they cannot load, each problem
// stays named by its path and code.
import type { Issue, Locale, Sentences } from '@formrequest/schema/core';
import { h } from './dom.js';

type Said = [locale: Locale, name: string, args: unknown[]];
const MARK = '\0';
let said: Said[] = [];
let real: typeof import('./sentences.js').schemaMessages | undefined;

/** The sentences as the checker calls them: the real ones once loaded, else marks. */
export function sentences(locale: Locale): Sentences {
  if (real) return real(locale);
  said = []; // one list per check; issueList keeps the one its issues point into
  return new Proxy({} as Sentences, {
    get:
      (_, name) =>
      (...args: unknown[]) =>
        MARK + (said.push([locale, String(name), args]) - 1),
  });
}

/** The issues as a list; marks become sentences when the sentences arrive. */
export function issueList(issues: Issue[]): HTMLUListElement {
  const mine = said;
  const marked = (issue: Issue) => issue.message.startsWith(MARK);
  const items = issues.map((issue) =>
    h('li', null, marked(issue) ? `${issue.path || 'form_schema'}: ${issue.code}` : issue.message),
  );
  if (issues.some(marked))
    import('./sentences.js').then(
      ({ schemaMessages }) => {
        real = schemaMessages;
        issues.forEach((issue, i) => {
          const [locale, name, args] = mine[Number(issue.message.slice(1))] ?? [];
          const say =
            locale && (schemaMessages(locale) as Record<string, (...a: unknown[]) => string>)[name!];
          if (marked(issue) && say) items[i]!.textContent = say(...args!);
        });
      },
      () => {},
    );
  return h('ul', null, ...items);
}
