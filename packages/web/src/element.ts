// <form-request>: the custom element around renderForm. Set `schema` (a property: an object), and
// optionally the `locale`, `draft-key`, `theme` and `nonce` attributes or an `options` property (fetch,
// now, ...). It fires `formrequest-submit` (detail {values, message}) and `formrequest-cancel` (detail
// {message}), both bubbling and composed: names of our own, so that an enclosing <form>'s submit handler
// or a <dialog>'s cancel handler never mistakes them for the native events.
import { renderForm } from './form.js';
import type { FormController, RenderOptions } from './types.js';

export function defineFormRequest(name = 'form-request'): void {
  if (customElements.get(name)) return;
  customElements.define(
    name,
    class FormRequestElement extends HTMLElement {
      static observedAttributes = ['locale', 'draft-key', 'theme'];
      #schema: unknown;
      #options: RenderOptions = {};
      #form: FormController | undefined;

      get schema(): unknown {
        return this.#schema;
      }
      set schema(value: unknown) {
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
          onSubmit: (values, message) => {
            this.#options.onSubmit?.(values, message);
            fire('formrequest-submit', { values, message });
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
