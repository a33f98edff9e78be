// The sentences of the tool description that say where the answers arrive, which depends on the
// server's policy (routing.ts): the next user message in the conversation mode, the tool result
// where the client shows the form itself.
import type { ServerConfig } from './config.js';

export function deliveryLines(config: ServerConfig): string[] {
  if ((config.elicitation ?? 'never') === 'never') {
    return [
      'このツールはすぐに戻ります。ユーザーが送信すると、入力内容が次のユーザーメッセージとして JSON（キーは各フィールドの name）で届きます。キャンセルされた場合は「フォーム入力をキャンセルしました。」が届きます。呼び出した後はターンを終えて回答を待ち、内容を推測して先に進めないでください。',
    ];
  }
  return [
    'フォームはユーザーの画面（クライアントのフォームかブラウザのフォームページ）に表示され、入力が終わるとこのツールの結果で返ります（structuredContent.status: submitted / cancelled / declined、values のキーは各フィールドの name）。',
    'status が waiting_for_input なら入力内容は次のユーザーメッセージで届くので、ターンを終えて待ってください。not_shown ならユーザーにフォームは見えていないので、会話で直接尋ねてください。',
  ];
}
