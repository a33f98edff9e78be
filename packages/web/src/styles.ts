// The renderer's stylesheet, injected once per document. Everything themable is a --fr-* custom
// property on .fr (light by default, dark from prefers-color-scheme or data-theme="dark" on .fr or any
// ancestor). Off-screen fields skip layout and paint (content-visibility) so long forms stay fast.
const LIGHT =
  '--fr-bg:#fff;--fr-fg:#1b1f24;--fr-muted:#57606a;--fr-border:#8c959f;--fr-field:#fff;--fr-accent:#0b5cd5;' +
  '--fr-accent-fg:#fff;--fr-error:#c0182b;--fr-chip:#eef2f7;--fr-focus:#0b5cd5;';
const DARK =
  '--fr-bg:#16191d;--fr-fg:#e8eaed;--fr-muted:#a8b0b9;--fr-border:#6e7781;--fr-field:#1f2328;--fr-accent:#5b9dff;' +
  '--fr-accent-fg:#0b0d10;--fr-error:#ff7b85;--fr-chip:#2a3038;--fr-focus:#8ab8ff;';

export const CSS =
  `.fr{${LIGHT}--fr-radius:6px;--fr-gap:14px;--fr-font:system-ui,sans-serif;color-scheme:light;` +
  'font:15px/1.5 var(--fr-font);color:var(--fr-fg);background:var(--fr-bg);max-width:40rem;padding:16px;box-sizing:border-box}' +
  `@media(prefers-color-scheme:dark){.fr:not([data-theme=light]){${DARK}color-scheme:dark}}` +
  `.fr[data-theme=dark],[data-theme=dark] .fr{${DARK}color-scheme:dark}` +
  '.fr *{box-sizing:border-box}.fr [hidden]{display:none!important}.fr h2{margin:0 0 4px}.fr-fields{margin:16px 0}.fr-fields>*+*{margin-top:var(--fr-gap)}' +
  '.fr-field{border:0;margin:0;padding:0;min-width:0;content-visibility:auto;contain-intrinsic-size:auto 4.5em}' +
  // An open suggestion list must escape its field: no containment while the field has focus.
  '.fr-field:focus-within{content-visibility:visible;position:relative;z-index:2}' +
  '.fr-label{display:block;font-weight:600;margin-bottom:4px;padding:0}.fr-req,.fr-msg{color:var(--fr-error)}' +
  '.fr-in{width:100%;font:inherit;color:inherit;background:var(--fr-field);border:1px solid var(--fr-border);' +
  'border-radius:var(--fr-radius);padding:8px 10px;min-height:40px}' +
  '.fr [aria-invalid=true]{border-color:var(--fr-error)}' +
  '.fr :focus-visible{outline:2px solid var(--fr-focus);outline-offset:2px}' +
  '.fr-hint{color:var(--fr-muted);font-size:13px;margin:4px 0 0}.fr-hint:empty,.fr-msg:empty{display:none}' +
  '.fr-msg{font-size:13px;margin:4px 0 0}.fr-row{display:flex;gap:10px;align-items:center}' +
  '.fr-opt{display:flex;gap:8px;align-items:center;padding:4px 0}.fr-check{display:flex;flex-wrap:wrap;gap:8px;align-items:center}' +
  '.fr-check .fr-msg{flex-basis:100%}.fr input[type=checkbox],.fr input[type=radio]{width:18px;height:18px;margin:0}' +
  '.fr-sugg,.fr-chips{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0 0;padding:0;list-style:none}' +
  '.fr-chip{font:inherit;font-size:13px;color:inherit;background:var(--fr-chip);border:1px solid var(--fr-border);' +
  'border-radius:99px;padding:2px 10px;display:inline-flex;gap:4px;align-items:center;cursor:pointer}' +
  '.fr-x{font:inherit;color:inherit;background:none;border:0;padding:0 2px;cursor:pointer;min-width:24px;min-height:24px}' +
  '.fr-combo{position:relative}.fr-list{position:absolute;z-index:10;left:0;right:0;max-height:16em;overflow:auto;' +
  'margin:2px 0 0;padding:4px 0;list-style:none;background:var(--fr-field);border:1px solid var(--fr-border);border-radius:var(--fr-radius)}' +
  '.fr-list .fr-opt{padding:6px 10px;cursor:pointer}.fr-list [aria-selected=true],.fr-list .fr-opt:hover{background:var(--fr-chip)}' +
  '.fr-divider{display:flex;gap:10px;align-items:center;color:var(--fr-muted);font-weight:600}' +
  '.fr-divider:before,.fr-divider:after{content:"";flex:1;border-top:1px solid var(--fr-border)}' +
  '.fr-hr{border:0;border-top:1px solid var(--fr-border);margin:4px 0;width:100%}.fr-heading>*{margin:0}' +
  '.fr-actions{display:flex;gap:10px;justify-content:flex-end;flex-wrap:wrap}' +
  '.fr-btn{font:inherit;border-radius:var(--fr-radius);padding:8px 18px;min-height:40px;cursor:pointer;' +
  'border:1px solid var(--fr-border);background:var(--fr-field);color:inherit}' +
  '.fr-primary{background:var(--fr-accent);border-color:var(--fr-accent);color:var(--fr-accent-fg)}' +
  '.fr-btn:disabled{opacity:.6;cursor:default}' +
  '.fr-panel{border:1px solid var(--fr-error);border-radius:var(--fr-radius);padding:12px}.fr-panel ul{margin:8px 0;padding-left:1.2em}' +
  '@media(max-width:480px){.fr{padding:10px}.fr-actions .fr-btn{flex:1}}';

/** Adds the stylesheet once to the document, or to the shadow root the container lives in. */
export function ensureStyles(container: HTMLElement): void {
  const root = container.getRootNode() as Document | ShadowRoot;
  const holder = root instanceof ShadowRoot ? root : container.ownerDocument.head;
  if (holder.querySelector('#formrequest-css')) return;
  const style = container.ownerDocument.createElement('style');
  style.id = 'formrequest-css';
  style.textContent = CSS;
  holder.append(style);
}
