// The words the terminal UI shows (Japanese by default, English with locale 'en'). Validation and
// answer messages are not here: they come from @formrequest/schema.
export type UiLocale = 'ja' | 'en';

const ja = {
  customChoice: 'その他（自由記述）',
  customPrefix: 'その他: ',
  hintSingle: '↑↓ 移動 · Enter 確定 · Esc キャンセル',
  hintMulti: '↑↓ 移動 · Space 選択 · Enter 確定 · Esc キャンセル',
  hintCustom: 'Enter 確定 · Shift+Enter/Ctrl+J 改行 · Esc 戻る',
  hintConfirm: '↑↓ 移動 · Enter 修正/送信 · Esc キャンセル',
  confirmTitle: '回答の確認',
  submit: '送信する',
  noAnswer: '（未回答）',
  emptyCustom: '回答を入力してください',
  pasteTruncated: '貼り付けは10,000文字までに切り詰めました',
  pasteStripped: '貼り付けから制御文字・エスケープシーケンスを取り除きました',
  selected: (n: number) => `${n}件選択中`,
  // ask
  hintField: 'Enter 次へ · Shift+Tab 前へ · Esc キャンセル',
  hintTextarea: 'Enter 次へ · Shift+Enter/Ctrl+J 改行 · Shift+Tab 前へ · Esc キャンセル',
  hintChoice: '↑↓ 移動 · Enter 確定 · Shift+Tab 前へ · Esc キャンセル',
  hintMultiChoice: '↑↓ 移動 · Space 選択 · Enter 次へ · Shift+Tab 前へ',
  hintCheckbox: 'Space 切替 · Enter 次へ · Shift+Tab 前へ · Esc キャンセル',
  hintRange: '←→ 調整 · Enter 次へ · Shift+Tab 前へ · Esc キャンセル',
  hintSearch: '入力で検索 · ↑↓ 候補 · Enter 選択 · Shift+Tab 前へ',
  hintMultiSearch: '入力で検索 · ↑↓ 候補 · Enter 追加/削除 · 空欄で Enter 次へ',
  hintReview: '↑↓ 移動 · Enter 修正/送信 · Esc キャンセル',
  hintSuggestions: 'Tab 候補を入力',
  hintDate: '↑↓ 1日ずつ · 形式 YYYY-MM-DD',
  hintDatetime: '形式 YYYY-MM-DDTHH:mm',
  hintFile: 'ファイルのパス',
  hintFiles: 'ファイルのパス（1行に1つ、Shift+Enter/Ctrl+J で改行）',
  reviewTitle: '入力内容の確認',
  empty: '（未入力）',
  none: '（選択しない）',
  fieldOf: (i: number, n: number) => `(${i}/${n})`,
  fileNotFound: (path: string) => `ファイルが見つかりません: ${path}`,
  checked: 'はい',
  unchecked: 'いいえ',
};

type UiMessages = typeof ja;

const en: UiMessages = {
  customChoice: 'Other (type your own answer)',
  customPrefix: 'Other: ',
  hintSingle: '↑↓ move · Enter choose · Esc cancel',
  hintMulti: '↑↓ move · Space select · Enter confirm · Esc cancel',
  hintCustom: 'Enter confirm · Shift+Enter/Ctrl+J new line · Esc back',
  hintConfirm: '↑↓ move · Enter revise/submit · Esc cancel',
  confirmTitle: 'Review your answers',
  submit: 'Submit',
  noAnswer: '(no answer)',
  emptyCustom: 'Type an answer',
  pasteTruncated: 'The paste was cut to 10,000 characters',
  pasteStripped: 'Control characters and escape sequences were removed from the paste',
  selected: (n: number) => `${n} selected`,
  hintField: 'Enter next · Shift+Tab back · Esc cancel',
  hintTextarea: 'Enter next · Shift+Enter/Ctrl+J new line · Shift+Tab back · Esc cancel',
  hintChoice: '↑↓ move · Enter choose · Shift+Tab back · Esc cancel',
  hintMultiChoice: '↑↓ move · Space select · Enter next · Shift+Tab back',
  hintCheckbox: 'Space toggle · Enter next · Shift+Tab back · Esc cancel',
  hintRange: '←→ adjust · Enter next · Shift+Tab back · Esc cancel',
  hintSearch: 'type to search · ↑↓ results · Enter choose · Shift+Tab back',
  hintMultiSearch: 'type to search · ↑↓ results · Enter add/remove · Enter on empty: next',
  hintReview: '↑↓ move · Enter revise/submit · Esc cancel',
  hintSuggestions: 'Tab fills in a suggestion',
  hintDate: '↑↓ one day · format YYYY-MM-DD',
  hintDatetime: 'format YYYY-MM-DDTHH:mm',
  hintFile: 'path of the file',
  hintFiles: 'file paths, one per line (Shift+Enter/Ctrl+J for a new line)',
  reviewTitle: 'Review the form',
  empty: '(empty)',
  none: '(none)',
  fieldOf: (i: number, n: number) => `(${i}/${n})`,
  fileNotFound: (path: string) => `File not found: ${path}`,
  checked: 'yes',
  unchecked: 'no',
};

export function ui(locale: UiLocale = 'ja'): UiMessages {
  return locale === 'en' ? en : ja;
}
