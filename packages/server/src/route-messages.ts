// The words of routing.ts's reasons, for the model: why a form is shown in the conversation, or why it
// is shown nowhere and what to do instead. Japanese by default (the seed's language), English for a
// form written in English.
import type { Locale } from '@formrequest/schema';
import type { RouteReason } from './routing.js';

type Words = {
  reason: (reason: RouteReason) => string;
  nowhereHead: (title: string) => string;
  because: string;
  fix: string;
};

const JA: Words = {
  reason(reason) {
    switch (reason.code) {
      case 'policy-never':
        return 'このサーバーは elicitation を使わない設定（--elicitation never）のため、会話でフォームを表示します。';
      case 'no-elicitation':
        return 'このクライアントは MCP Apps にもフォーム入力（elicitation）にも対応していません。';
      case 'form-does-not-fit':
        return `このフォームはクライアントのフォーム（elicitation）に収まりません:\n${reason.fields.join('\n')}`;
      case 'no-url-elicitation':
        return 'このクライアントは URL モードの elicitation（ブラウザのフォームページ）に対応していません。';
      case 'url-mode-off':
        return 'このサーバーはフォームページ（URL モード）を使わない設定です（--url-mode off）。';
      case 'page-unavailable':
        return `フォームページを用意できませんでした: ${reason.error}`;
    }
  },
  nowhereHead: (title) =>
    `フォーム「${title}」はユーザーに表示されていません。ユーザーにはこのフォームが見えず、回答は届きません。`,
  because: '理由:',
  fix:
    '対処: 必要なことは会話で直接ユーザーに尋ねてください（このフォームを再度呼び出さないでください）。' +
    'どのフォームも表示できるようにするには、URL モードの elicitation に対応したクライアント（Claude Code など）で ' +
    'サーバーを `formrequest serve --elicitation auto` として起動します（フォームはブラウザのフォームページに表示されます）。',
};

const EN: Words = {
  reason(reason) {
    switch (reason.code) {
      case 'policy-never':
        return 'This server does not use elicitation (--elicitation never), so the form is shown in the conversation.';
      case 'no-elicitation':
        return 'This client supports neither MCP Apps nor elicitation.';
      case 'form-does-not-fit':
        return `The form does not fit the client's own form (elicitation):\n${reason.fields.join('\n')}`;
      case 'no-url-elicitation':
        return 'This client does not support URL-mode elicitation (a form page in the browser).';
      case 'url-mode-off':
        return 'This server does not use its form page (URL mode is off: --url-mode off).';
      case 'page-unavailable':
        return `The form page could not be served: ${reason.error}`;
    }
  },
  nowhereHead: (title) =>
    `The form "${title}" is not shown to the person: they cannot see it, and no answers will come.`,
  because: 'Why:',
  fix:
    'What to do: ask the person for what you need in the conversation instead (do not call this form again). ' +
    'To show any form, run the server as `formrequest serve --elicitation auto` in a client that supports ' +
    'URL-mode elicitation (Claude Code, for one): forms then open as a page in the browser.',
};

function words(locale: Locale | undefined): Words {
  return locale === 'en' ? EN : JA;
}

/** The note of a conversation-mode result (why elicitation was not used), or undefined for none. */
export function conversationNote(reasons: RouteReason[], locale?: Locale): string | undefined {
  if (reasons.length === 0) return undefined;
  return reasons.map((reason) => words(locale).reason(reason)).join('\n');
}

/** Each reason as a sentence. */
export function reasonTexts(reasons: RouteReason[], locale?: Locale): string[] {
  return reasons.map((reason) => words(locale).reason(reason));
}

/** What to do when nothing can show a form (or a question): ask in the conversation, or use URL mode. */
export function nowhereFix(locale?: Locale): string {
  return words(locale).fix;
}

/** What the model is told when the form is shown nowhere: that, why, and what to do instead. */
export function nowhereMessage(title: string, reasons: RouteReason[], locale?: Locale): string {
  const w = words(locale);
  return [
    w.nowhereHead(title),
    w.because,
    ...reasons.map((reason) => `- ${w.reason(reason).replace(/\n/g, '\n  ')}`),
    w.fix,
  ].join('\n');
}
