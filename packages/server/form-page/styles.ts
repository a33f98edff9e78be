// The page around the form, as a constructed stylesheet: the page's CSP allows no inline style, and
// adoptedStyleSheets is not governed by style-src (the renderer styles itself the same way). Only the
// banner's own retry button sits beside its text (margin-left); the withdrawn notice's copy button
// starts its line under the answers, like the one on the done page.
const CSS = `
:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: light-dark(#f4f6f9, #101215);
  color: light-dark(#1a1d23, #e6e8eb); }
#page { box-sizing: border-box; max-width: 42rem; margin: 0 auto; padding: 24px 16px 48px; }
.fp-asker { margin: 0 0 12px; font-size: 14px; color: light-dark(#596270, #a3acb8); }
.fp-card { background: light-dark(#fff, #17191c); border: 1px solid light-dark(#d5dae1, #2f343b);
  border-radius: 12px; }
.fp-card .fr { max-width: none; border-radius: 12px; }
.fp-banner { margin: 0 0 12px; padding: 12px 16px; border-radius: 8px; white-space: pre-line;
  background: light-dark(#fdecee, #3a1c20); color: light-dark(#8c1020, #ffb3ba); }
.fp-banner > button { margin-left: 12px; }
.fp-status { min-height: 1.5em; margin: 8px 4px 0; font-size: 14px; color: light-dark(#596270, #a3acb8); }
.fp-banner button, .fp-answers button { font: inherit; min-height: 36px; padding: 0 14px; border-radius: 8px;
  border: 1px solid light-dark(#8a939f, #767f8b); background: transparent; color: inherit; cursor: pointer; }
.fp-banner button:focus-visible, .fp-answers button:focus-visible { outline: 3px solid light-dark(#0b5cd5, #82b1ff);
  outline-offset: 2px; }
.fp-done { text-align: center; padding: 48px 16px; }
.fp-done h1 { font-size: 24px; margin: 0 0 12px; }
.fp-done p { margin: 0; color: light-dark(#596270, #a3acb8); }
.fp-answers { max-width: 32rem; margin: 28px auto 0; text-align: start; }
.fp-answers h2 { font-size: 18px; margin: 0 0 8px; }
.fp-answers pre { font: inherit; margin: 0 0 12px; padding: 12px 16px; white-space: pre-wrap; overflow-wrap: anywhere;
  background: light-dark(#fff, #17191c); border: 1px solid light-dark(#d5dae1, #2f343b); border-radius: 8px; }
`;

export function adoptPageStyles(doc: Document): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
