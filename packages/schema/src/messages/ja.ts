// Every sentence formrequest shows a person or tells a model, in Japanese: the default language and
// seed 000's wording. en.ts holds the same keys in English (the compiler checks that none is missing);
// a third language is one more file like these. `{name}` placeholders are filled by format().
// Each part is its own export, so a bundle carries only the parts its code reads (the browser
// renderer's bundle: `form`). The checkers' sentences, which are built from what was written, stay
// beside their checkers (schema-messages.ts, question.ts).

/** What every form surface shows: the answer checks, the buttons, the renderer's own words. */
export const form = {
  // Answer validation (seed 000, フロントエンド実装ガイド 3).
  required: '{label}は必須です',
  mustCheck: '「{label}」にチェックを入れてください',
  minLength: '{label}は{n}文字以上で入力してください',
  maxLength: '{label}は{n}文字以下で入力してください',
  pattern: '{label}の形式が正しくありません',
  min: '{label}は{n}以上で入力してください',
  max: '{label}は{n}以下で入力してください',
  minSelect: '{label}は{n}個以上選択してください',
  maxSelect: '{label}は{n}個以下で選択してください',
  // The same style for the checks the guide leaves implicit.
  notNumber: '{label}は数値で入力してください',
  step: '{label}は{n}刻みで入力してください',
  wholeNumber: '{label}は整数で入力してください',
  notOption: '{label}は選択肢の中から選んでください',
  duplicate: '{label}に同じ項目が重複しています',
  badValue: '{label}の値が正しくありません',
  badDate: '{label}はYYYY-MM-DDの形式で入力してください',
  badDatetime: '{label}はYYYY-MM-DDTHH:mmの形式で入力してください',
  minDate: '{label}は{date}以降の日付を入力してください',
  maxDate: '{label}は{date}以前の日付を入力してください',
  fileSize: '{label}のファイルサイズは{size}以下にしてください',
  fileType: '{label}のファイル形式が許可されていません（許可: {accept}）',
  fileSingle: '{label}はファイルを1つだけ選択してください',
  // Submit and cancel (seed 000, 6 and 7).
  cancelled: 'フォーム入力をキャンセルしました。',
  submit: '送信',
  cancel: 'キャンセル',
  // Renderer UI.
  suggestions: '候補:',
  loadError: '選択肢を読み込めませんでした。',
  choose: '選択してください',
  remove: '{item}を削除',
  invalidForm: 'このフォームは表示できません',
} as const;

/** What a model reads: the tool's result text, and the server's results and notes. */
export const agent = {
  // The tool result (seed 000, 出力フォーマット).
  waiting: 'フォーム入力を待機しています。',
  fieldCount: 'フィールド数: {n}',
  nextMessage: 'ユーザーがフォームに入力後、次のメッセージとして入力内容が送信されます。',
  // Answers that came back in the tool result (the client's form dialog, the form page).
  submitted: 'ユーザーがフォーム「{title}」に入力しました。入力内容:\n{values}',
  answerLabels: '選択肢と検索結果の表示名（値の横にユーザーが見たもの）:\n{labels}',
  declined: 'ユーザーはフォーム「{title}」への入力を断りました。',
  invalidAnswers:
    'エラー: フォーム「{title}」の入力内容が条件を満たしていません（再入力の上限に達しました）。\n{errors}\nフォームを会話で表示するには mode: "never" で呼び直してください。',
  closed:
    'フォーム「{title}」は回答されないまま閉じられました（{reason}）。まだ必要なら、改めてユーザーに尋ねてください。',
  badMode:
    'エラー: mode には "never"（会話でフォームを表示）または "auto"（対応クライアントでは、そのフォームUIで入力を求める）を指定してください（受け取った値: {value}）。',
  // Asking through the client's own form dialog (MCP form-mode elicitation).
  unfitField: 'フィールド[{index}]（type: {type}）は{why}、クライアントのフォームでは表示できません。',
  unfitSearch: '検索APIで候補を探すため',
  unfitLoad: '選択肢をAPIから読み込むため',
  unfitCascade: '選択肢が親フィールドの値に応じてAPIから変わるため',
  unfitFile: 'ファイルを送れないため',
  nothingToAsk: '入力するフィールドがないため、クライアントのフォームは使いません。',
  hintExamples: '例: {examples}',
  hintMustCheck: 'チェックが必要です',
  hintDates: '{min}〜{max}',
  askAgain: '{message}\n\n入力内容を確認してください:\n{problems}',
  askAgainItem: '・{problem}',
  waitingFormFor: 'フォームへの入力を待っています（{elapsed}経過）',
  // Asking on the form page (URL-mode elicitation).
  consentForm: 'ブラウザでフォーム「{title}」に入力してください。',
  consentQuestions: 'ブラウザで質問に答えてください: {questions}',
  consentQuestionsJoin: ' ／ ',
  waitingPageFor: 'ブラウザのフォームへの入力を待っています（{elapsed}経過）',
  reaskHint:
    '。この呼び出しが時間切れで切れたら、{minutes}分以内に同じフォームで {tool} をもう一度呼んでください（同じページに戻り、送られた回答はそのまま返ります）',
  // Where a form is shown (routing.ts): why not in the client's own UI, or why nowhere.
  routePolicyNever:
    'このサーバーは elicitation を使わない設定（--elicitation never）のため、会話でフォームを表示します。',
  routeNoElicitation: 'このクライアントは MCP Apps にもフォーム入力（elicitation）にも対応していません。',
  routeFormDoesNotFit: 'このフォームはクライアントのフォーム（elicitation）に収まりません:\n{fields}',
  routeNoUrlElicitation:
    'このクライアントは URL モードの elicitation（ブラウザのフォームページ）に対応していません。',
  routeUrlModeOff: 'このサーバーはフォームページ（URL モード）を使わない設定です（--url-mode off）。',
  routePageUnavailable: 'フォームページを用意できませんでした: {error}',
  pageQuotaServer:
    'このサーバーのフォームページでは、すでに {count} 件のフォームが回答を待っています（上限 {limit} 件）。先に回答またはキャンセルしてもらうか、会話で尋ねてください。',
  pageQuotaSession:
    'この接続（MCP セッション）では、すでに {count} 件のフォームが回答を待っています（上限 {limit} 件）。先に回答またはキャンセルしてもらうか、会話で尋ねてください。',
  nowhereHead:
    'フォーム「{title}」はユーザーに表示されていません。ユーザーにはこのフォームが見えず、回答は届きません。',
  nowhereBecause: '理由:',
  nowhereFix:
    '対処: 必要なことは会話で直接ユーザーに尋ねてください（このフォームを再度呼び出さないでください）。{urlMode}',
  nowhereUrlMode:
    'どのフォームも表示できるようにするには、URL モードの elicitation に対応したクライアント（対話モードの Claude Code など）で サーバーを `formrequest serve`（既定の --elicitation auto）として起動します（フォームはブラウザのフォームページに表示されます）。',
  // An elicitation answered before anyone could have seen it (unseen.ts): a runtime, not a person.
  routeUnseen:
    'クライアントが入力依頼に {ms} ms で「{action}」と自動で応答しました。人が依頼を読んで答えられる速さ（{threshold} ms 未満は人の応答とみなしません）ではなく、{where}。これはユーザーの拒否やキャンセルではありません。ヘッドレス実行（claude -p、onElicitation のない Claude Agent SDK など）は、フォームを表示せずにすべての依頼へ自分で応答します。',
  unseenNotOpened: 'フォームページも開かれていません',
  unseenDialog: 'ダイアログは誰にも表示されていません',
  unseenFix:
    '対処: 必要なことは会話で直接ユーザーに尋ねてください（このフォームを再度呼び出さないでください）。ヘッドレス実行なら、必要な情報を最終回答に書いて終えてください。フォームを表示するには Claude Code を対話モードで使うか、ツール呼び出しからフォームを表示するホストでサーバーを `formrequest serve --host-renders-forms` として起動します。',
  // A waiting form that no host declared it shows (a client that renders nothing looks the same).
  waitingUnseen:
    'ツール呼び出しからフォームを表示するとホストが宣言していません（--host-renders-forms）。そのようなホストがない実行（claude -p、フロントエンドのない Agent SDK、ターミナル）では、誰にもこのフォームは見えず、回答は届きません。その場合は会話で直接尋ねてください。Claude Code では `formrequest serve`（既定）で起動すると、フォームがダイアログかブラウザに表示されます。',
  // The `question` tool.
  questionSeveral: '次の質問に回答してください。',
  questionOther: '「その他」の回答を入力してください。',
  questionWaiting: '質問への回答を待っています',
  questionUnanswered: '「{question}」に回答してください（選択肢を選ぶか、入力してください）。',
  questionAskInChat:
    '質問を通常のメッセージとしてユーザーに尋ねてください（この質問を再度呼び出さないでください）',
  // Answers a page sends back (the server's form page, the host's chat page), checked before they count.
  answersNotObject: '回答はフィールド名と値の JSON オブジェクトで送ってください。',
  noSuchField: 'このフォームにない項目です。',
  patternBudget:
    '形式を確認する項目の回答が、フォーム全体で長すぎます（{label}は{length}文字）。{label}かほかの項目の回答を短くしてください。',
  fileNotUploaded:
    'ファイルは先にこのページからアップロードし、返された参照 {name, type, size, url} を送ってください。',
  fileNotUploadedApi:
    'ファイルは POST /api/files で先にアップロードし、その参照 {name, type, size, url} を送ってください。',
  fileOtherField:
    'このファイルは別の項目用にアップロードされています。「{field}」用にもう一度アップロードしてください。',
  fileOtherForm:
    'このファイルは別のフォームまたは項目用にアップロードされています。「{field}」用にもう一度アップロードしてください。',
  fileMismatch: '参照がアップロードされたファイルと一致しません: {list}。',
  fileMismatchApi:
    '参照がアップロードされたファイルと一致しません: {list}。アップロード時に返された {name, type, size, url} を送ってください。',
  // What the reference chat app says in the chat about another MCP server's elicitation.
  elicitOpen: 'フォームを開く',
  elicitBadUrl: 'MCP サーバー「{server}」が開けない URL を示したため、断りました。',
  elicitNoForm:
    'MCP サーバー「{server}」の入力依頼はフォームにできなかったため、キャンセルしました（{why}）。',
  elicitNoPage: 'MCP サーバー「{server}」の入力フォームを開けませんでした: {why}',
  // A field that searches an origin the server's config does not list (the page and widget cannot reach it).
  searchOriginNotAllowed:
    'フィールド「{field}」の検索先 {origin} は、このサーバーの設定ファイル（--config）の endpoints にありません。フォームのページと MCP Apps のウィジェットはそこへ接続できないため、この項目は入力できません。endpoints に {origin} の URL を加えるか、設定にある検索先を使ってください。',
} as const;

/** The terminal's words (`formrequest ask` and `question`); key hints are joined with ' · '. */
export const terminal = {
  customChoice: 'その他（自由記述）',
  customPrefix: 'その他: ',
  customDraft: '（未確定）',
  confirmTitle: '回答の確認',
  submit: '送信する',
  noAnswer: '（未回答）',
  emptyCustom: '回答を入力してください',
  pasteTruncated: '貼り付けは10,000文字までに切り詰めました',
  pasteStripped: '貼り付けから制御文字・エスケープシーケンスを取り除きました',
  answerCapped: '回答は{max}文字までです',
  selected: '{n}件選択中',
  typeToSearch: '{n}文字以上入力すると検索します',
  keyMove: '↑↓/jk 移動',
  keyPage: 'PgUp/PgDn',
  keyFilter: '/ 絞り込み',
  keySelect: 'Space 選択',
  keyChoose: 'Enter 確定',
  keyConfirm: 'Enter 確定',
  keyReview: 'Tab 確認',
  keyNext: 'Enter 次へ',
  keyReviseSubmit: 'Enter 修正/送信',
  keyPrev: 'Shift+Tab 前へ',
  keyCancel: 'Esc キャンセル',
  keyBack: 'Esc 戻る',
  keyClearFilter: 'Esc 絞り込み解除',
  keyNewline: 'Shift+Enter/Ctrl+J 改行',
  keySuggest: 'Tab 候補',
  keyComplete: 'Tab 補完',
  keyStep: '↑↓ 増減',
  keyDay: '↑↓ 1日ずつ',
  keyToggle: 'Space 切替',
  keyAdjust: '←→ 調整',
  keySearch: '入力で検索',
  keyResults: '↑↓ 候補',
  keyAddRemove: 'Enter 追加/削除',
  keyEmptyNext: '空欄で Enter 次へ',
  keyRetry: 'Ctrl+R 再試行',
  reviewTitle: '入力内容の確認',
  empty: '（未入力）',
  none: '（選択しない）',
  fieldOf: '({i}/{n})',
  formatDate: '形式 YYYY-MM-DD',
  formatDatetime: '形式 YYYY-MM-DD HH:mm',
  filePath: 'ファイルのパス（~、Tab 補完、ドラッグ＆ドロップ可）',
  filePaths: 'ファイルのパス（1行に1つ、Shift+Enter/Ctrl+J で改行。~、Tab 補完、ドラッグ＆ドロップ可）',
  fileAccept: '形式 {accept}',
  fileMax: '最大 {size}',
  fileNotFound: 'ファイルが見つかりません: {path}',
  fileIsDirectory: 'ディレクトリです（ファイルを指定してください）: {path}',
  fileUnreadable: 'ファイルを読めません: {path}（{why}）',
  fileOnlyOne: 'ファイルは1つだけ指定してください（{n}個のパスがあります）',
  fileQuote: '引用符が閉じていません',
  completions: '候補 {n}件',
  noCompletion: '補完できるファイルがありません',
  notJson: '応答がJSONではありません',
  inputUnreadable: '{path} を読み込めません: {why}。',
  inputMissing: 'ファイルがありません',
  inputIsDirectory: 'ディレクトリです',
  inputNotJson: '{path} は正しい JSON ではありません: {detail}。引用符・カンマ・括弧を確認してください。',
  unreachable: '{host} に接続できません: {why}',
  refused: '{host} に接続できません（接続を拒否されました）',
  timedOut: '{host} から{s}秒以内に応答がありません（タイムアウト）',
  httpStatus: 'サーバーがエラーを返しました（HTTP {status}）',
  loadingFor: '{spinner} 読み込み中… {s}秒',
  needBaseUrl:
    '相対URL「{url}」には読み込み先のサーバーが必要です。--base-url で指定してください（例: --base-url http://127.0.0.1:3000）',
  retried: '再読み込みしています…',
  checked: 'はい',
  unchecked: 'いいえ',
  filterLabel: '絞り込み:',
  noMatch: '一致する選択肢がありません',
  moreAbove: '↑ 他{n}件',
  moreBelow: '↓ 他{n}件',
  moreResults: 'ほかに{n}件あります: 検索語を絞り込んでください',
  cancelFormAsk: 'フォームをキャンセルしますか？入力した内容は送信されません。',
  cancelFormStay: '続ける',
  cancelFormLeave: 'キャンセルする',
  cancelQuestionsAsk: '回答をキャンセルしますか？選んだ回答は送信されません。',
  cancelQuestionsStay: '続ける',
  cancelQuestionsLeave: 'キャンセルする',
  discardEditAsk: 'この項目の変更を破棄して確認画面に戻りますか？',
  discardEditStay: '編集を続ける',
  discardEditLeave: '破棄して戻る',
  suspended: 'formrequest は一時停止中です（fg で再開）',
  noJobControl: 'このシェルではジョブ制御が使えないため Ctrl+Z は無効です',
  warning: '警告',
  cancelled: 'キャンセルしました',
  submitted: '送信しました',
} as const;

/**
 * A `question` asked as a form (the server's question-form.ts), on every surface that shows it: the
 * form's title and the message when one question is answered twice. A section of its own so the Apps
 * widget carries these two and not every word a model reads (agent).
 */
export const question = {
  title: '質問',
  oneAnswer:
    '「{question}」の回答は1つです。選択肢を選ぶか、自由記述に入力するか、どちらか一方にしてください。',
} as const;

/** The server's form page (URL-mode elicitation) and its MCP Apps widget, around the form. */
export const page = {
  asker: 'MCP サーバー「{server}」からの入力依頼',
  questionAsker: 'MCP サーバー「{server}」からの質問',
  sending: '送信しています…',
  uploading: '「{name}」をアップロードしています…',
  tooLarge: '「{name}」は大きすぎます（このサーバーでは {limit} まで）。',
  failed: '送信できませんでした: {reason}。もう一度お試しください。',
  retry: 'もう一度送る',
  checkFields: '入力内容を確認してください。',
  acceptTitle: '送信しました',
  acceptText: '入力内容はエージェントに届きました。このタブは閉じてかまいません。',
  cancelTitle: 'キャンセルしました',
  cancelText: 'キャンセルしたことをエージェントに伝えました。このタブは閉じてかまいません。',
  declineTitle: '回答しないことを伝えました',
  declineText: 'このタブは閉じてかまいません。',
  closedTitle: 'このフォームは閉じられました',
  closedText:
    '依頼が取り消されたか、期限が切れました。入力内容は送信されていません。このタブは閉じてかまいません。',
  acceptWaiting:
    "回答はサーバーに保存しました。まだエージェントには届いていません。{client} に戻って、続けてください（Claude Code なら「I'm done, continue」を選びます）。届いたらここに表示します。",
  endWaiting:
    "サーバーには伝えましたが、まだエージェントには届いていません。{client} に戻って、続けてください（Claude Code なら「I'm done, continue」を選びます）。届いたらここに表示します。",
  someClient: 'エージェントのアプリ',
  // After a send, the form expired from the server before anything said it reached the agent.
  goneText:
    'このフォームはもうサーバーに保存されていないため、エージェントに届いたかどうかは確認できません。エージェントとの会話で確かめてください。',
  summaryTitle: '送った内容',
  withdrawnTitle: 'この依頼は終わりました',
  withdrawnText:
    '依頼は取り消されたか、期限が切れました（{reason}）。入力内容は送信されていませんが、失われてはいません。下のテキストをコピーして、会話に貼り付けてください。',
  withdrawnKeep:
    '依頼は取り消されたか、時間切れになりました（{reason}）。入力内容は失われていません。このまま送信しておけば、エージェントが {until} までに同じフォームをもう一度出したとき、この回答が届きます。下のテキストをコピーして会話に貼り付けることもできます。',
  copyText: '入力内容をテキストとしてコピー',
  copiedText: 'コピーしました',
  answeredTitle: 'このフォームは回答済みです',
  answeredText: '回答は一度だけ送れます。このタブは閉じてかまいません。',
  loading: 'フォームを読み込んでいます…',
  noScript: 'このフォームには JavaScript が必要です。有効にしてからページを再読み込みしてください。',
  notFound:
    'このフォームは見つかりません。期限が切れたか、リンクが正しくありません。このタブは閉じてください。',
  searchNotAllowed: 'このサーバーは {origin} を検索できません（サーバーの設定にない検索先です）。',
} as const;

/** The MCP Apps widget's words around the form (server/widget/view.ts). */
export const widget = {
  loading: 'フォームを読み込んでいます…',
  callCancelled: 'フォームの呼び出しはキャンセルされました。',
  cannotShow: 'フォームを表示できませんでした。',
  answered: '回答済みです。',
  sent: '送信しました。',
  cancelled: 'キャンセルしました。',
  pasteInstead:
    'この画面からチャットに送信できませんでした。次の内容をコピーして、チャットに貼り付けてください。',
  yes: 'はい',
  no: 'いいえ',
  copy: 'コピー',
  partsMissing: 'このホストでは、このフォームの表示に必要な部分を読み込めませんでした。',
  noAppsHost: 'このフォームは MCP Apps に対応したホストで表示されます。',
} as const;

/** The reference chat app's page (`@formrequest/host`): its own words around the conversation. */
export const chat = {
  title: 'formrequest デモ',
  newChat: '新しい会話',
  send: '送る',
  conversations: '会話一覧',
  openMenu: '会話一覧を開く',
  closeMenu: '会話一覧を閉じる',
  message: 'メッセージ',
  placeholder: 'メッセージを入力',
  other: 'English',
  otherLang: 'en',
  switchLanguage: '表示言語を英語に切り替える',
  hello: 'フォームで入力を受け取るエージェントのデモです。話しかけてみてください:',
  formSent: 'フォームを送信しました',
  formOpen: 'フォームへの入力を待っています',
  goToForm: 'フォームへ移動',
  formRegion: 'エージェントからのフォーム',
  tool: 'ツール',
  result: '結果',
  toolError: 'ツールエラー',
  running: '応答中…',
  reconnecting: '再接続中…',
  uploading: 'ファイルをアップロード中…',
  failed: '送信できませんでした',
  checkFields: '送信できませんでした。表示された項目を確認してください。',
  agent: 'エージェント',
  rendererMissing: 'フォームを表示できません',
  untitled: '(無題)',
  more: 'さらに表示',
  delete: '削除',
  keepTitle: '入力中のフォームがあります',
  keepText: 'メッセージを送ると、このフォームは閉じられ、入力した内容は送られません。フォームに戻りますか？',
  keepForm: 'フォームに戻る',
  sendAnyway: 'フォームを閉じて送信',
  example1: '新しいプロジェクトを作成して',
  example2: 'タスクの担当者を設定して',
  example3: '住所を入力したい',
  example4: 'すべてのフィールドタイプを見せて',
  tooLarge: 'ファイル「{name}」は上限 {limit} を超えています。小さいファイルを選んでください。',
  confirmDelete: '会話「{title}」を、ファイルも含めて削除しますか？',
  deniedBadToken: 'このページは古くなっています。再読み込みしてから、もう一度送信してください。',
  deniedForbiddenOrigin:
    'このページからの操作は受け付けられませんでした。ホストが表示したURLで開いてください。',
  deniedForbiddenHost:
    'このページからの操作は受け付けられませんでした。ホストが表示したURLで開いてください。',
  deniedAuthRequired: 'アクセス用のトークンが必要です。ホストが表示したURL（?token=…）で開いてください。',
  deniedBodyTooLarge: '送信内容が大きすぎます（上限 {limit}）。',
  deniedConversationQuota: 'この会話のファイル保存容量（{limit}）を超えます。不要な会話を削除してください。',
  deniedStorageQuota: 'ホストのファイル保存容量（{limit}）を超えます。不要な会話を削除してください。',
  formTool: 'フォーム',
  showJson: '送ったJSONを表示',
  yes: 'はい',
  no: 'いいえ',
} as const;
