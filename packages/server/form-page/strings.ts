// The form page's own words (the form's come from @formrequest/web): Japanese by default, English for
// a form written in English.
export const STRINGS = {
  ja: {
    asker: (server: string) => `MCP サーバー「${server}」からの入力依頼`,
    questionAsker: (server: string) => `MCP サーバー「${server}」からの質問`,
    decline: '回答しない',
    declineHint: 'このフォームには答えないことをエージェントに伝えます。',
    sending: '送信しています…',
    uploading: (name: string) => `「${name}」をアップロードしています…`,
    tooLarge: (name: string, limit: string) =>
      `「${name}」は大きすぎます（このサーバーでは ${limit} まで）。`,
    failed: (reason: string) => `送信できませんでした: ${reason}。もう一度お試しください。`,
    retry: 'もう一度送る',
    checkFields: '入力内容を確認してください。',
    done: {
      accept: ['送信しました', '入力内容はエージェントに届きました。このタブは閉じてかまいません。'],
      cancel: [
        'キャンセルしました',
        'キャンセルしたことをエージェントに伝えました。このタブは閉じてかまいません。',
      ],
      decline: ['回答しないことを伝えました', 'このタブは閉じてかまいません。'],
      closed: [
        'このフォームは閉じられました',
        '依頼が取り消されたか、期限が切れました。入力内容は送信されていません。このタブは閉じてかまいません。',
      ],
      answered: ['このフォームは回答済みです', '回答は一度だけ送れます。このタブは閉じてかまいません。'],
    },
  },
  en: {
    asker: (server: string) => `Requested by the MCP server "${server}"`,
    questionAsker: (server: string) => `A question from the MCP server "${server}"`,
    decline: 'Decline',
    declineHint: 'Tells the agent you will not answer this form.',
    sending: 'Sending…',
    uploading: (name: string) => `Uploading "${name}"…`,
    tooLarge: (name: string, limit: string) => `"${name}" is too large (this server takes up to ${limit}).`,
    failed: (reason: string) => `Could not send: ${reason}. Please try again.`,
    retry: 'Send again',
    checkFields: 'Please check the highlighted fields.',
    done: {
      accept: [
        'Sent',
        'You can close this tab and return to the agent (if it asks whether you are done, choose to continue).',
      ],
      cancel: [
        'Cancelled',
        'You can close this tab and return to the agent (if it asks whether you are done, choose to continue).',
      ],
      decline: [
        'Declined',
        'You can close this tab and return to the agent (if it asks whether you are done, choose to continue).',
      ],
      closed: [
        'This form was closed',
        'The request was withdrawn or expired; nothing you entered was sent. You can close this tab.',
      ],
      answered: ['This form was answered already', 'It takes one answer. You can close this tab.'],
    },
  },
} as const;

export type PageStrings = (typeof STRINGS)['ja' | 'en'];
export type DoneState = keyof PageStrings['done'];
