// The Claude Agent SDK's `onElicitation`, answered by a person instead of the runtime's automatic
// decline: an MCP server that asks for input in the middle of a call gets it from a page the chat links
// to. URL mode: the server's own URL goes into the chat as a link, and the server learns the outcome
// from its page. Form mode: the requested schema becomes a form on a loopback form page (the one
// @formrequest/server serves for URL-mode elicitation), linked from the chat; its checked answers are
// the elicitation's content. The call waits meanwhile; the chat page shows the link as it arrives.
import { agentText } from '@formrequest/schema/messages';
import {
  elicitationContent,
  type FormPageHost,
  formFromElicitation,
  loopbackPageHost,
  MemoryPendingForms,
} from '@formrequest/server';

/** The SDK's `ElicitationRequest` (its package is an optional peer, so its types are not imported). */
export interface SdkElicitationRequest {
  serverName: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  requestedSchema?: Record<string, unknown>;
}

export interface SdkElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** Where the link is said: an agent's `text` event in the running turn. */
export type SayInChat = (markdown: string) => void;

export class ElicitationPages {
  private readonly forms = new MemoryPendingForms();
  private readonly pages: FormPageHost;

  constructor(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {
    this.pages = loopbackPageHost({
      forms: this.forms,
      config: {},
      log: (line) => log(line.replace('formrequest serve', 'formrequest host')),
    });
  }

  async answer(
    request: SdkElicitationRequest,
    signal: AbortSignal,
    say: SayInChat,
    locale: 'ja' | 'en' = 'ja',
  ): Promise<SdkElicitationResult> {
    const server = request.serverName;
    if (request.mode === 'url') {
      if (!request.url || !/^https?:\/\//i.test(request.url)) {
        say(agentText(locale, 'elicitBadUrl', { server }));
        return { action: 'decline' };
      }
      say(
        `**${server}**: ${request.message}\n\n[${agentText(locale, 'elicitOpen')}](${request.url}) ${request.url}`,
      );
      return { action: 'accept' };
    }
    const form = formFromElicitation(request.message, request.requestedSchema);
    if (!form.ok) {
      say(agentText(locale, 'elicitNoForm', { server, why: form.reason }));
      return { action: 'cancel' };
    }
    const pending = await this.forms.open({ schema: form.schema, serverName: server });
    let url: string;
    try {
      url = await this.pages.url(pending.id);
    } catch (error) {
      await this.forms.settle(pending.id, { action: 'closed', reason: 'no page' });
      say(agentText(locale, 'elicitNoPage', { server, why: (error as Error).message }));
      return { action: 'cancel' };
    }
    say(`**${server}**: ${request.message}\n\n[${agentText(locale, 'elicitOpen')}](${url})`);
    try {
      const outcome = await this.forms.outcome(pending.id, signal);
      if (outcome.action === 'accept')
        return {
          action: 'accept',
          content: elicitationContent(form.kinds, outcome.values, outcome.utcOffset),
        };
      return { action: outcome.action === 'decline' ? 'decline' : 'cancel' };
    } catch {
      // The turn was stopped: nobody waits for this form any more.
      await this.forms.settle(pending.id, { action: 'closed', reason: 'The turn was stopped.' });
      return { action: 'cancel' };
    }
  }

  async close(): Promise<void> {
    await this.pages.close();
    await this.forms.close();
  }
}
