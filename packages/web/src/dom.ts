// The one way this package makes DOM: strings become text nodes or attribute values, never markup.
// Every label, option, suggestion and search result goes through here, so none of them can run as HTML.

export type Child = Node | string | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | null | undefined>;

/** Creates an element; `attrs` go through setAttribute (true = present, false/null = absent). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) setAttrs(el, attrs);
  append(el, ...children);
  return el;
}

export function setAttrs(el: Element, attrs: Attrs): void {
  for (const key in attrs) {
    const v = attrs[key];
    if (v == null || v === false) el.removeAttribute(key);
    else el.setAttribute(key, v === true ? '' : String(v));
  }
}

export function append(el: Node, ...children: Child[]): void {
  for (const c of children)
    if (c || c === '') el.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
}

/** Adds a listener; returns nothing because every listener lives as long as its element. */
export function on<E extends Event = Event>(el: EventTarget, type: string, fn: (e: E) => void): void {
  el.addEventListener(type, fn as EventListener);
}

/** Styles through the CSSOM (not a style attribute), which a page's CSP does not restrict. */
export function styled<T extends HTMLElement>(el: T, css: Partial<CSSStyleDeclaration>): T {
  Object.assign(el.style, css);
  return el;
}
