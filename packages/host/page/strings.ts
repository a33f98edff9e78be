// The page's own words, in Japanese and English: one language per page (the ?lang= parameter, else the
// last choice, else Japanese). Forms keep the language they were written in (form-language.ts).
import type { Locale } from '@formrequest/schema';
import { formatBytes as byteSize } from '@formrequest/schema';

type Data = { limit?: number } & Record<string, unknown>;
type Denied = Record<string, string | ((data: Data) => string)>;

const ja = {
  title: 'formrequest デモ',
  newChat: '新しい会話',
  send: '送信',
  conversations: '会話一覧',
  openMenu: '会話一覧を開く',
  closeMenu: '会話一覧を閉じる',
  message: 'メッセージ',
  placeholder: 'メッセージを入力',
  other: 'English',
  otherLang: 'en',
  switchLanguage: '表示言語を英語に切り替える',
  hello: 'フォームで入力を受け取るエージェントのデモです。話しかけてみてください:',
  examples: [
    '新しいプロジェクトを作成して',
    'タスクの担当者を設定して',
    '住所を入力したい',
    'すべてのフィールドタイプを見せて',
  ],
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
  tooLarge: (name: string, limit: string) =>
    `ファイル「${name}」は上限 ${limit} を超えています。小さいファイルを選んでください。`,
  untitled: '(無題)',
  more: 'さらに表示',
  delete: '削除',
  confirmDelete: (title: string) => `会話「${title}」を、ファイルも含めて削除しますか？`,
  keepTitle: '入力中のフォームがあります',
  keepText: 'メッセージを送ると、このフォームは閉じられ、入力した内容は送られません。フォームに戻りますか？',
  keepForm: 'フォームに戻る',
  sendAnyway: 'フォームを閉じて送信',
  denied: {
    bad_token: 'このページは古くなっています。再読み込みしてから、もう一度送信してください。',
    forbidden_origin: 'このページからの操作は受け付けられませんでした。ホストが表示したURLで開いてください。',
    forbidden_host: 'このページからの操作は受け付けられませんでした。ホストが表示したURLで開いてください。',
    auth_required: 'アクセス用のトークンが必要です。ホストが表示したURL（?token=…）で開いてください。',
    body_too_large: (d) => `送信内容が大きすぎます（上限 ${byteSize(d.limit ?? 0)}）。`,
    conversation_quota_exceeded: (d) =>
      `この会話のファイル保存容量（${byteSize(d.limit ?? 0)}）を超えます。不要な会話を削除してください。`,
    storage_quota_exceeded: (d) =>
      `ホストのファイル保存容量（${byteSize(d.limit ?? 0)}）を超えます。不要な会話を削除してください。`,
  } as Denied,
};

export type Strings = typeof ja;

const en: Strings = {
  title: 'formrequest demo',
  newChat: 'New conversation',
  send: 'Send',
  conversations: 'Conversations',
  openMenu: 'Open the conversation list',
  closeMenu: 'Close the conversation list',
  message: 'Message',
  placeholder: 'Type a message',
  other: '日本語',
  otherLang: 'ja',
  switchLanguage: 'Show this page in Japanese',
  hello: 'A demo of an agent that asks for input with forms. Try one of these:',
  examples: ['Create a new project', 'Assign a task', 'Enter an address', 'Show all field types'],
  formSent: 'Form submitted',
  formOpen: 'Waiting for the form to be filled in',
  goToForm: 'Go to the form',
  formRegion: 'Form from the agent',
  tool: 'Tool',
  result: 'Result',
  toolError: 'Tool error',
  running: 'Answering…',
  reconnecting: 'Reconnecting…',
  uploading: 'Uploading files…',
  failed: 'Could not send',
  checkFields: 'Could not send: check the fields marked below.',
  agent: 'Agent',
  rendererMissing: 'The form cannot be shown',
  tooLarge: (name, limit) => `The file "${name}" is over the ${limit} limit. Choose a smaller file.`,
  untitled: '(untitled)',
  more: 'Show more',
  delete: 'Delete',
  confirmDelete: (title) => `Delete the conversation "${title}" and its files?`,
  keepTitle: 'You are filling in a form',
  keepText: 'Sending a message closes this form, and what you entered is not sent. Go back to the form?',
  keepForm: 'Back to the form',
  sendAnyway: 'Close the form and send',
  denied: {
    bad_token: 'This page is out of date. Reload it, then send again.',
    forbidden_origin: 'The host refused a call from this page. Open the URL the host printed.',
    forbidden_host: 'The host refused a call from this page. Open the URL the host printed.',
    auth_required: 'The host needs its access token. Open the URL it printed (?token=…).',
    body_too_large: (d) => `What you sent is too large (limit ${byteSize(d.limit ?? 0)}).`,
    conversation_quota_exceeded: (d) =>
      `This would go over the file space of this conversation (${byteSize(d.limit ?? 0)}). Delete conversations you no longer need.`,
    storage_quota_exceeded: (d) =>
      `This would go over the host's file space (${byteSize(d.limit ?? 0)}). Delete conversations you no longer need.`,
  },
};

export const STRINGS: Record<Locale, Strings> = { ja, en };
