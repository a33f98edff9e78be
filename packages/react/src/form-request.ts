// <FormRequest>: the web renderer (renderForm) in a React tree. React owns one empty <div>; the
// renderer draws into it after mount, so the server renders nothing inside it and hydration matches.
// One controller per mount, made again only when what the form looks like changes (the schema's
// content, locale, draftKey, theme, styles, nonce, credentials, now); the callbacks and fetch are read
// at call time, so a new arrow function each render costs nothing.
'use client';
import { type FormController, type FormSchema, type RenderOptions, renderForm } from '@formrequest/web';
import { type CSSProperties, createElement, type ForwardedRef, forwardRef, useEffect, useRef } from 'react';

/** The props of <FormRequest>: renderForm's options as props, plus the container's id, class and style. */
export interface FormRequestProps
  extends Pick<
    RenderOptions,
    'locale' | 'draftKey' | 'theme' | 'styles' | 'nonce' | 'credentials' | 'now' | 'fetch'
  > {
  /** The form (seed 000's form_schema): an object, read and checked as every surface reads it. */
  schema: FormSchema;
  /** Called once with the answer, the message to send as the next user turn and the page's UTC offset. */
  onSubmit?: RenderOptions['onSubmit'];
  /** Called once with the cancel message (`フォーム入力をキャンセルしました。` / `Form input was cancelled.`). */
  onCancel?: RenderOptions['onCancel'];
  id?: string;
  className?: string;
  style?: CSSProperties;
}

/** Gives `ref` the controller of the current mount (null after it). */
function assign(ref: ForwardedRef<FormController | null>, value: FormController | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

function FormRequestView(props: FormRequestProps, ref: ForwardedRef<FormController | null>) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const { schema, locale, draftKey, theme, styles, nonce, credentials, now } = props;
  // The schema by content: a chat re-creates message objects as it streams, the form stays the same.
  const shape = JSON.stringify(schema);
  const at = now?.getTime();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ref` is read when the form is made, like the rest.
  useEffect(() => {
    const ctl = renderForm(box.current!, JSON.parse(shape) as FormSchema, {
      locale,
      draftKey,
      theme,
      styles,
      nonce,
      credentials,
      now: at === undefined ? undefined : new Date(at),
      fetch: (input, init) => (latest.current.fetch ?? fetch)(input, init),
      onSubmit: (values, message, context) => latest.current.onSubmit?.(values, message, context),
      onCancel: (message) => latest.current.onCancel?.(message),
    });
    assign(ref, ctl);
    return () => {
      assign(ref, null);
      ctl.destroy();
    };
  }, [shape, locale, draftKey, theme, styles, nonce, credentials, at]);

  return createElement('div', {
    ref: box,
    id: props.id,
    className: props.className,
    style: props.style,
    'data-formrequest': '',
  });
}

/**
 * A formrequest form. `ref` gets the controller of the current mount (values, validate, submit, cancel,
 * setErrors), null before the form is drawn and after it is gone.
 * Renders an empty `<div data-formrequest>` on the server; the form is drawn in the browser after mount.
 */
export const FormRequest = forwardRef<FormController | null, FormRequestProps>(FormRequestView);
FormRequest.displayName = 'FormRequest';
