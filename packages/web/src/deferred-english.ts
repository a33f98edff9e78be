// Stand-in for the English form messages of @formrequest/schema (messages/en.ts) inside dist/formrequest.js
// (scripts/bundle.mjs swaps it in). Japanese is the default and English the second language, so only the
// English a form shows before anyone types is here; the rest (the validation messages) comes from
// formrequest-en.js, which an English form starts loading as it renders and submit waits for. A message
// asked for before it arrives reads from the Japanese catalog for that moment, and the form writes its
// messages again once English is there. Unbundled, the catalog is whole and loading does nothing.

/** English drawn with the form or soon after (buttons, empty selects, loads, the cancel message). */
export const FIRST: Record<string, string> = {
  submit: 'Submit',
  cancel: 'Cancel',
  cancelled: 'Form input was cancelled.',
  choose: 'Choose…',
  chooseParentFirst: 'Choose {parent} first',
  suggestions: 'Suggestions:',
  loading: 'Loading…',
  loadError: 'Could not load the options.',
  retry: 'Retry',
  remove: 'Remove {item}',
  invalidForm: 'This form cannot be shown',
};

let rest: Record<string, string> | undefined;
let loading: Promise<void> | undefined;

/** The English catalog as messages.ts sees it in the bundle. */
export function english(ja: Record<string, string>): Record<string, string> {
  return new Proxy(ja, { get: (_, key: string) => rest?.[key] ?? FIRST[key] ?? ja[key] });
}

/** Loads the rest of English once; resolves when it is there (at once where it is not deferred). */
export function englishReady(): Promise<void> {
  loading ??= import('./english.js').then(
    (m) => {
      rest = m.default;
    },
    () => {},
  );
  return loading;
}
