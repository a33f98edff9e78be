// The renderer's words that only its on-demand modules read (the file field, the search box and the
// fields that load their options, the error summary and the question before typed answers are
// discarded), in both languages, in a module of their own: messages/ja.ts is in every page's first
// load, and a bundler puts a module where its importers are, so these stay with the parts that draw
// them. The terminal reads the words of the fields that load their options from here too.
export const ja = {
  chooseFile: 'ファイルを選択',
  chooseFiles: 'ファイルを選択（複数可）',
  dropFile: 'またはここにドロップ',
  limits: '{accept}・{size}まで',
  anySize: '{accept}',
  maxSizeOnly: '{size}まで',
  searchPlaceholder: '入力して検索',
  unpicked: '「{text}」はまだ選択されていません。一覧から選ぶか、入力を消してください',
  refusedFile: '{message}（「{name}」は{size}）',
  fileEntry: '{name}（{size}）',
  // The fields that fetch (fields/autocomplete.ts, fields/remote.ts; the terminal's too).
  loading: '読み込み中…',
  noResults: '該当する項目がありません',
  moreResults: '最初の{n}件です。検索語を絞り込んでください',
  moreOptions: '最初の{n}件のみ',
  searchError: '検索できませんでした。もう一度お試しください。',
  retry: '再試行',
  chooseParentFirst: '先に{parent}を選択してください',
  // The error summary at the top of a long form when submit finds problems (prompts.ts).
  summary: '{n}件の項目を確認してください',
  summaryOne: '1件の項目を確認してください',
  // Cancel on a form with typed answers asks first (prompts.ts).
  discardQuestion: '入力した内容は送信されずに消えます。キャンセルしますか？',
  keepEditing: '入力を続ける',
  discard: 'キャンセルする',
} as const;

export const en: { readonly [K in keyof typeof ja]: string } = {
  chooseFile: 'Choose a file',
  chooseFiles: 'Choose files',
  dropFile: 'or drop it here',
  limits: '{accept}, up to {size}',
  anySize: '{accept}',
  maxSizeOnly: 'up to {size}',
  searchPlaceholder: 'Type to search',
  unpicked: '"{text}" is not selected yet: pick it from the list or clear the box',
  refusedFile: '{message} ("{name}" is {size})',
  fileEntry: '{name} ({size})',
  loading: 'Loading…',
  noResults: 'No matches',
  moreResults: 'First {n} shown. Refine your search',
  moreOptions: 'First {n} shown',
  searchError: 'Search failed. Please try again.',
  retry: 'Retry',
  chooseParentFirst: 'Choose {parent} first',
  summary: '{n} fields need your attention',
  summaryOne: '1 field needs your attention',
  discardQuestion: 'What you entered will not be sent. Discard it and cancel?',
  keepEditing: 'Keep editing',
  discard: 'Discard',
};
