// The browser test page of @formrequest/react, bundled by the test with React 19 or React 18. It
// exposes window.t: mounting <FormRequest> (hydrating the server's HTML in #ssr), re-rendering it with
// a copy of its schema, its ref's controller, and useFormRequestTool over chat parts; what the form
// and the tool hand back is recorded in window.t.events.
import { type FormController, FormRequest, type FormSchema, useFormRequestTool } from '@formrequest/react';
import { createRef, StrictMode, useState } from 'react';
import * as ReactDOM from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

type Event = { type: string; [key: string]: unknown };
const events: Event[] = [];
const recoverable: string[] = [];
const ref = createRef<FormController | null>();
let setSchema: ((s: FormSchema) => void) | undefined;
let root: Root | undefined;

function Single({ initial, locale }: { initial: FormSchema; locale?: 'ja' | 'en' }) {
  const [schema, set] = useState(initial);
  setSchema = set;
  return (
    <FormRequest
      ref={ref}
      schema={schema}
      locale={locale}
      draftKey="single"
      className="single"
      onSubmit={(values, message) => events.push({ type: 'submit', values, message })}
      onCancel={(message) => events.push({ type: 'cancel', message })}
    />
  );
}

function Chat({ parts }: { parts: unknown[] }) {
  const formFor = useFormRequestTool({
    addToolOutput: (answer) => events.push({ type: 'tool-output', ...answer }),
    sendMessage: (message) => events.push({ type: 'message', ...message }),
  });
  return (
    <ul>
      {parts.map((part, i) => {
        const view = formFor(part);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of parts, never reordered.
          <li key={i} data-part={i}>
            {view ? <FormRequest {...view.props} /> : 'other'}
            {view ? <span className="answer">{view.answer}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

const app = document.getElementById('app')!;
(window as any).t = {
  events,
  recoverable,
  version: ReactDOM.version,
  /** Hydrates #app (which holds the server's HTML) with <Single>. */
  hydrate(schema: FormSchema, locale?: 'ja' | 'en') {
    root = hydrateRoot(
      app,
      <StrictMode>
        <Single initial={schema} locale={locale} />
      </StrictMode>,
      { onRecoverableError: (e: unknown) => recoverable.push(String(e)) },
    );
  },
  chat(parts: unknown[]) {
    root?.unmount();
    root = createRoot(app);
    root.render(
      <StrictMode>
        <Chat parts={parts} />
      </StrictMode>,
    );
  },
  /** The same form as a new object (a chat re-creating its messages). */
  rerender(schema: FormSchema) {
    setSchema?.(structuredClone(schema));
  },
  controller: () => ref.current,
  unmount() {
    root?.unmount();
    root = undefined;
  },
};
