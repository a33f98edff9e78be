// The renderer's stylesheet. Theming: the sheet never declares a public --fr-* property; it reads each
// one with a fallback into a private --_* property on .fr, so a value set on .fr or on ANY ancestor
// (inline, a page rule, :root) always wins. Every colour token holds its light and dark value in one
// light-dark(); the form takes the page's color-scheme (inherited: a page that declares `light dark` follows
// the OS, one that declares nothing is light), or data-theme="light|dark" on .fr or an ancestor
// (zero-specificity rules, so a page's own `color-scheme` rule on .fr wins too). A good guest: .fr resets
// what a page's text rules would pass down (text-align, letter-spacing, line-height: the font shorthand;
// list styles: every list of the form sets its own).
// Scales: space 4 8 12 16 20(gap) 24 32 px; type 14 / 16 (base: labels, dividers, muted level-4 headings) /
// 18 / 20 / 22 (heading levels 3, 2, 1: each above a label) / 24 px (the title); one accent, from
// which hover and highlight states are mixed. Off-screen fields skip layout and paint (content-visibility).
export const CSS = `.fr{--_bg:var(--fr-bg,light-dark(#fff,#17191c));--_fg:var(--fr-fg,light-dark(#1a1d23,#e6e8eb));\
--_muted:var(--fr-muted,light-dark(#596270,#a3acb8));--_line:var(--fr-border,light-dark(#8a939f,#767f8b));\
--_field:var(--fr-field,light-dark(#fff,#1f2227));--_accent:var(--fr-accent,light-dark(#0b5cd5,#82b1ff));\
--_on:var(--fr-accent-fg,light-dark(#fff,#0b1220));--_error:var(--fr-error,light-dark(#c0182b,#ff8f99));\
--_chip:var(--fr-chip,light-dark(#eef2f7,#2a2f36));--_focus:var(--fr-focus,var(--_accent));\
--_radius:var(--fr-radius,8px);--_gap:var(--fr-gap,20px);\
font:var(--fr-font-size,16px)/1.5 var(--fr-font,system-ui,sans-serif);color:var(--_fg);background:var(--_bg);\
max-width:40rem;padding:clamp(16px,5%,28px);text-align:start;letter-spacing:normal}
:where([data-theme=light] .fr){color-scheme:light}:where([data-theme=dark] .fr){color-scheme:dark}
:where(.fr[data-theme=light]){color-scheme:light}:where(.fr[data-theme=dark]){color-scheme:dark}
.fr,.fr *{box-sizing:border-box}.fr [hidden]{display:none!important}
.fr-title{font-size:1.5em;line-height:1.25;margin:0}
.fr-desc,.fr-hint{color:var(--_muted)}.fr-desc{margin:8px 0 0}
.fr-fields{display:flex;flex-direction:column;gap:var(--_gap);margin:24px 0 32px}
.fr-field{border:0;margin:0;padding:0;min-width:0;content-visibility:auto;contain-intrinsic-size:auto 5em}
.fr-field:focus-within{content-visibility:visible;position:relative;z-index:2}
.fr-field *{scroll-margin:56px 0 96px}
.fr-label{display:block;font-weight:600;margin:0 0 6px;padding:0}
.fr-req,.fr-msg{color:var(--_error)}
.fr-in{display:block;width:100%;font:inherit;color:inherit;background:var(--_field);border:1px solid var(--_line);\
border-radius:var(--_radius);padding:9px 12px;min-height:44px}
textarea.fr-in{resize:vertical}
.fr-in::placeholder{color:var(--_muted);opacity:1}
.fr-in:hover{border-color:color-mix(in srgb,var(--_line),var(--_fg) 45%)}
.fr :focus-visible{outline:2px solid var(--_focus);outline-offset:2px}
.fr-in:focus-visible{outline-offset:0;border-color:var(--_focus)}
.fr-in[aria-invalid=true]{border-color:var(--_error);box-shadow:inset 0 0 0 1px var(--_error)}
.fr [aria-invalid=true]:focus-visible{outline-color:var(--_error)}
.fr :disabled{cursor:not-allowed;opacity:.6}
.fr-hint,.fr-msg{font-size:.875em;margin:6px 0 0}.fr-msg{font-weight:500}.fr-hint:empty,.fr-msg:empty,.fr-chips:empty{display:none}
.fr-row,.fr-opt,.fr-check,.fr-sugg,.fr-chips,.fr-chip,.fr-divider,.fr-actions{display:flex;gap:10px;align-items:center}
.fr-row input{flex:1;min-height:32px}
.fr-out{min-width:3ch;text-align:end;font-weight:600}
.fr-opt{padding:6px 0}.fr-opt,.fr-check label{cursor:pointer}
.fr-check{flex-wrap:wrap}.fr-check .fr-msg{flex-basis:100%;margin:0}
.fr input{accent-color:var(--_accent)}
.fr [type=checkbox],.fr [type=radio]{width:20px;height:20px;margin:0;flex:none}
.fr-sugg,.fr-chips{flex-wrap:wrap;gap:8px;margin:8px 0 0;padding:0;list-style:none}.fr-sugg .fr-hint{margin:0}
.fr-chip{font:inherit;font-size:.875em;color:inherit;background:var(--_chip);border:1px solid transparent;\
border-radius:99px;padding:4px 12px;min-height:32px;gap:4px;text-align:start}
button.fr-chip{cursor:pointer}button.fr-chip:hover{border-color:var(--_accent)}
.fr-x{font:inherit;color:inherit;background:none;border:0;padding:0;cursor:pointer;width:24px;height:24px}
.fr-combo{position:relative}
.fr-list{position:absolute;z-index:10;left:0;right:0;max-height:16em;overflow:auto;margin:4px 0 0;padding:4px;\
list-style:none;background:var(--_field);border:1px solid var(--_line);border-radius:var(--_radius);box-shadow:0 8px 24px #0003}
.fr-list .fr-opt{padding:8px 10px;border-radius:4px}
.fr-list .fr-opt:hover{background:var(--_chip)}
.fr-list [aria-selected=true]{background:var(--_accent)!important;color:var(--_on)}
.fr-heading:not(:first-child),.fr-divider{margin-top:12px}
.fr-heading>*{margin:0;line-height:1.35}.fr-heading>p{margin-top:4px}
.fr-heading h2{font-size:1.375em}.fr-heading h3{font-size:1.25em}.fr-heading h4{font-size:1.125em}
.fr-heading h5{font-size:1em;color:var(--_muted)}
.fr-divider{color:var(--_muted);font-weight:600}
.fr-divider:after{content:"";flex:1;border-top:1px solid var(--_line)}
.fr-hr{border:0;border-top:1px solid var(--_line);margin:8px 0;width:100%}
.fr-actions{gap:12px;justify-content:flex-end;flex-wrap:wrap;position:sticky;bottom:0;z-index:1;background:var(--_bg);\
padding:12px 0;margin:-12px 0;border-top:1px solid color-mix(in srgb,var(--_line) 40%,transparent)}
.fr-btn{font:inherit;font-weight:600;border-radius:var(--_radius);padding:9px 20px;min-height:44px;cursor:pointer;\
border:1px solid var(--_line);background:var(--_field);color:inherit}
.fr-btn:hover:enabled{background:var(--_chip)}
.fr-primary{background:var(--_accent);border-color:var(--_accent);color:var(--_on)}
.fr-primary:hover:enabled{background:color-mix(in srgb,var(--_accent) 86%,var(--_fg))}
.fr-panel{border:1px solid var(--_error);border-left-width:4px;border-radius:var(--_radius);padding:12px 16px;margin:0 0 24px}
.fr-panel h2{font-size:1.125em;margin:0}.fr-panel ul{margin:8px 0 0;padding-left:1.2em}
@media(max-width:480px){.fr-actions .fr-btn{flex:1}}`;

export interface StyleOptions {
  /** false: add nothing (the page links formrequest.css itself). */
  styles?: boolean;
  /** Nonce for a `<style>` element, for pages whose CSP allows styles by nonce. */
  nonce?: string;
}

const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * Adds the stylesheet once to the document, or to the shadow root the container lives in. A constructed
 * stylesheet is used where the browser has them: CSP's style-src does not apply to it, so the form is
 * styled under `style-src 'self'` too. With a nonce (or no constructed stylesheets) it is a <style>.
 */
export function ensureStyles(container: HTMLElement, options: StyleOptions = {}): void {
  if (options.styles === false) return;
  const doc = container.ownerDocument;
  const root = container.getRootNode() as Document | ShadowRoot;
  const holder = root instanceof ShadowRoot ? root : doc;
  if (
    options.nonce === undefined &&
    'adoptedStyleSheets' in holder &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    let sheet = sheets.get(doc);
    if (!sheet) {
      sheet = new (doc.defaultView ?? window).CSSStyleSheet();
      sheet.replaceSync(CSS);
      sheets.set(doc, sheet);
    }
    if (!holder.adoptedStyleSheets.includes(sheet))
      holder.adoptedStyleSheets = [...holder.adoptedStyleSheets, sheet];
    return;
  }
  const parent = root instanceof ShadowRoot ? root : doc.head;
  if (parent.querySelector('#formrequest-css')) return;
  const style = doc.createElement('style');
  style.id = 'formrequest-css';
  if (options.nonce) style.nonce = options.nonce;
  style.textContent = CSS;
  parent.append(style);
}
