// The sentences of the tool description that say where the answers arrive, which depends on the
// server's policy (routing.ts): the next user message in the conversation mode, the tool result
// where the client shows the form itself (its own dialog or the server's form page).
import { DEFAULT_ELICITATION_POLICY, type ServerConfig } from '@formrequest/internal/config';

export function deliveryLines(config: ServerConfig): string[] {
  if (config.hostRendersForms || (config.elicitation ?? DEFAULT_ELICITATION_POLICY) === 'never') {
    return [
      'form_schema（title と fields）でフォームを表示し、ユーザーに入力してもらいます。ツールはすぐ戻ります。',
      '呼び出した後はターンを終えてください。回答は次のユーザーメッセージで、name をキーにした JSON として届きます（未入力の任意項目は省略）。キャンセル時は「フォーム入力をキャンセルしました。」が届きます。',
    ];
  }
  return [
    'form_schema のフォームを表示し、ユーザーに入力してもらいます。',
    '回答はこの結果で返ります（submitted: name をキーにした values、未入力の任意項目は省略。declined / cancelled も）。waiting_for_input なら呼び出した後はターンを終えてください（回答は次のユーザーメッセージ、キャンセル時は「フォーム入力をキャンセルしました。」）。not_shown / unseen は誰にも見えていないので会話で尋ねる。',
  ];
}
