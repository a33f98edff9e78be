// The renderer's words that only its on-demand modules read (the file field, the search box), in both
// languages, in a module of their own: messages/ja.ts is in every page's first load, and a bundler puts
// a module where its importers are, so these stay with the parts that draw them.
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
};
