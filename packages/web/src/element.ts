// <form-request>: the custom element around renderForm. Set `schema` (a property: an object), and
// optionally the `locale`, `draft-key`, `theme` and `nonce` attributes or an `options` property (fetch,
// now, ...). It fires `formrequest-submit` (detail {values, message, utcOffset, shown}) and `formrequest-cancel` (detail
// {message}), both bubbling and composed: names of our own, so that an enclosing <form>'s submit handler
// or a <dialog>'s cancel handler never mistakes them for the native events.
import type { FormSchema, Locale } from '@formrequest/schema/core';
import { renderForm } from './form.js';
import type { FormController, RenderOptions } from './types.js';

/** detail of `formrequest-submit`: the answer and the message to send as the next user turn. */
export interface FormRequestSubmitDetail {
  values: Record<string, unknown>;
  message: string;
}

/** detail of `formrequest-cancel`. */
export interface FormRequestCancelDetail {
  message: string;
}

/** The element's events: HTMLElement's, plus `formrequest-submit` and `formrequest-cancel`. */
export interface FormRequestEventMap extends HTMLElementEventMap {
  'formrequest-submit': CustomEvent<FormRequestSubmitDetail>;
  'formrequest-cancel': CustomEvent<FormRequestCancelDetail>;
}

type Listener<K extends keyof FormRequestEventMap> = (
  this: FormRequestElement,
  event: FormRequestEventMap[K],
) => unknown;

/** `<form-request>` as TypeScript sees it (`document.createElement('form-request')` returns one). */
export interface FormRequestElement extends HTMLElement {
  /** The form to show (a property, not an attribute); setting it again renders the new form. */
  schema: FormSchema | undefined;
  /** renderForm's options; the `locale`, `draft-key`, `theme` and `nonce` attributes give defaults. */
  options: RenderOptions;
  /** The controller of the form on screen (values(), validate(), submit(), cancel()). */
  readonly controller: FormController | undefined;
  addEventListener<K extends keyof FormRequestEventMap>(
    type: K,
    listener: Listener<K>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof FormRequestEventMap>(
    type: K,
    listener: Listener<K>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * `<form-request>` in JSX: its attributes, and the properties a framework sets directly (React 19 and
 * Preact set `schema` and `options` as properties). Listen to the events with addEventListener.
 */
export interface FormRequestAttributes {
  schema?: FormSchema;
  options?: RenderOptions;
  locale?: Locale;
  'draft-key'?: string;
  theme?: 'light' | 'dark';
  nonce?: string;
  id?: string;
  class?: string;
  className?: string;
  style?: unknown;
  slot?: string;
  hidden?: boolean;
  key?: string | number | bigint | null;
  children?: never;
}

declare global {
  interface HTMLElementTagNameMap {
    'form-request': FormRequestElement;
  }
}

/**
 * Defines the custom element (under `name`, default `form-request`) once; later calls do nothing.
 * The class is made here, not at import, so importing this module in Node (no DOM) is safe.
 */
export function defineFormRequest(name = 'form-request'): void {
  if (customElements.get(name)) return;
  customElements.define(
    name,
    class FormRequestElement extends HTMLElement {
      static observedAttributes = ['locale', 'draft-key', 'theme'];
      #schema: FormSchema | undefined;
      #options: RenderOptions = {};
      #form: FormController | undefined;

      get schema(): FormSchema | undefined {
        return this.#schema;
      }
      set schema(value: FormSchema | undefined) {
        this.#schema = value;
        this.#render();
      }
      get options(): RenderOptions {
        return this.#options;
      }
      set options(value: RenderOptions) {
        this.#options = value ?? {};
        this.#render();
      }
      /** The controller of the form on screen (values(), validate(), submit(), cancel()). */
      get controller(): FormController | undefined {
        return this.#form;
      }
      connectedCallback() {
        // A schema set before this element was defined is an own property hiding the accessor: adopt it.
        for (const key of ['schema', 'options'] as const) {
          if (!Object.hasOwn(this, key)) continue;
          const value = (this as Record<string, unknown>)[key];
          delete (this as Record<string, unknown>)[key];
          (this as Record<string, unknown>)[key] = value;
        }
        this.#render();
      }
      disconnectedCallback() {
        this.#form?.destroy();
        this.#form = undefined;
      }
      attributeChangedCallback() {
        this.#render();
      }
      #render() {
        this.#form?.destroy();
        this.#form = undefined;
        if (!this.isConnected || this.#schema === undefined) return;
        const fire = (type: string, detail: object) =>
          this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
        const attr = (n: string) => this.getAttribute(n) ?? undefined;
        this.#form = renderForm(this, this.#schema, {
          locale: attr('locale') as RenderOptions['locale'],
          draftKey: attr('draft-key'),
          theme: attr('theme') as RenderOptions['theme'],
          nonce: this.nonce || undefined, // the property: browsers hide the attribute's value
          ...this.#options,
          onSubmit: (values, message, context) => {
            this.#options.onSubmit?.(values, message, context);
            fire('formrequest-submit', { values, message, ...context });
          },
          onCancel: (message) => {
            this.#options.onCancel?.(message);
            fire('formrequest-cancel', { message });
          },
        });
      }
    },
  );
}
