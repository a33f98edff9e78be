// Agent replies as Markdown: parsed by markdown-it (CommonMark + GFM tables and strikethrough, linear
// time on every pathological input we know of, raw HTML off) into tokens, which are built here as DOM
// nodes from an allow-list. No HTML string is ever produced or parsed, so nothing a model writes becomes
// markup: raw `<tags>` stay text. A single newline is a line break (as people write in chat); headings
// sit below the page's own (h1-h6 become h3-h6); links go to http(s) and mailto only (anything else
// stays its text) and open in a new tab without a referrer or an opener; images become links to them
// (a reply never loads a remote picture). Elements nest at most 24 deep (deeper formatting is dropped,
// its text kept); quotes and lists at most 100 (markdown-it's maxNesting: what is deeper is left out).
import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';

/** The tags a token may open; anything else (there is nothing else with html off) adds no element. */
const BLOCK_TAGS = new Set([
  'p',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'strong',
  'em',
  's',
]);
const LINK = /^(?:https?:|mailto:)/i;
/**
 * Elements nest at most this deep; deeper ones add no element and their text goes to the last one.
 * `*a *a *a … a* a* a*` is one <em> inside the other per three characters, and Chromium's style and
 * layout of thousands of levels take seconds.
 */
const MAX_DEPTH = 24;

let parser: MarkdownIt | undefined;
function md(): MarkdownIt {
  if (!parser) {
    parser = markdownIt('default', { html: false, linkify: true, breaks: true, typographer: false });
    // Only http(s) and mailto become links; the rest stays the text it was written as.
    parser.validateLink = (url: string) => LINK.test(url.trim());
  }
  return parser;
}

/** Renders `text` as Markdown into a fragment of plain DOM nodes. */
export function renderMarkdown(text: string, doc: Document = document): DocumentFragment {
  const out = doc.createDocumentFragment();
  build(md().parse(text, {}), out, doc);
  return out;
}

/** Appends the nodes of `tokens` to `root`: each `_open` pushes an element, its `_close` pops it. */
function build(tokens: Token[], root: Node, doc: Document, depth = 0): void {
  const stack: Node[] = [root];
  const top = () => stack[stack.length - 1]!;
  for (const token of tokens) {
    const type = token.type;
    if (type === 'inline') {
      build(token.children ?? [], top(), doc, depth + stack.length - 1);
    } else if (type.endsWith('_open')) {
      stack.push(depth + stack.length > MAX_DEPTH ? top() : open(token, doc, top()));
    } else if (type.endsWith('_close')) {
      if (stack.length > 1) stack.pop();
    } else {
      const node = leaf(token, doc);
      if (node) top().appendChild(node);
    }
  }
}

/** The element an `_open` token starts, appended to `parent`; or `parent` itself (nothing to add). */
function open(token: Token, doc: Document, parent: Node): Node {
  let el: HTMLElement;
  if (token.hidden) return parent; // a tight list's paragraphs
  if (token.type === 'heading_open') {
    el = doc.createElement(`h${Math.min(6, Number(token.tag.slice(1)) + 2)}`);
  } else if (token.type === 'link_open') {
    const href = safeUrl(attr(token, 'href'));
    if (!href) return parent;
    el = anchor(href, attr(token, 'title'), doc);
  } else if (token.type === 'table_open') {
    const wrap = doc.createElement('div');
    wrap.className = 'md-table';
    parent.appendChild(wrap);
    const table = doc.createElement('table');
    wrap.appendChild(table);
    return table;
  } else if (BLOCK_TAGS.has(token.tag)) {
    el = doc.createElement(token.tag === 's' ? 'del' : token.tag);
    const start = attr(token, 'start');
    if (token.tag === 'ol' && start && start !== '1') el.setAttribute('start', String(Number(start)));
    const align = /text-align:(left|center|right)/.exec(attr(token, 'style') ?? '');
    // A CSSOM property, not a style attribute: the page's CSP has no style-src 'unsafe-inline'.
    if (align) el.style.textAlign = align[1]!;
  } else {
    return parent;
  }
  parent.appendChild(el);
  return el;
}

/** A token that stands alone: text, code, breaks, rules, images. */
function leaf(token: Token, doc: Document): Node | null {
  switch (token.type) {
    case 'text':
    case 'text_special':
      return doc.createTextNode(token.content);
    case 'code_inline': {
      const code = doc.createElement('code');
      code.textContent = token.content;
      return code;
    }
    case 'softbreak':
    case 'hardbreak':
      return doc.createElement('br');
    case 'hr':
      return doc.createElement('hr');
    case 'fence':
    case 'code_block': {
      const pre = doc.createElement('pre');
      const code = doc.createElement('code');
      const lang = token.info.trim().split(/\s/, 1)[0];
      if (lang) code.dataset.lang = lang;
      code.textContent = token.content.replace(/\n$/, '');
      pre.appendChild(code);
      return pre;
    }
    case 'image': {
      const alt = token.children?.map((c: Token) => c.content).join('') || token.content;
      const href = safeUrl(attr(token, 'src'));
      const label = doc.createTextNode(alt);
      if (!href) return label;
      const a = anchor(href, attr(token, 'title'), doc);
      a.appendChild(label);
      return a;
    }
    default:
      // html_block / html_inline cannot appear with html off; anything unknown shows its text.
      return token.content ? doc.createTextNode(token.content) : null;
  }
}

/** An attribute of a token as text (markdown-it keeps some as numbers). */
function attr(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}

/** `href` when it is an http(s) or mailto URL, else null. */
function safeUrl(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function anchor(href: string, title: string | null, doc: Document): HTMLAnchorElement {
  const a = doc.createElement('a');
  a.href = href;
  if (title) a.title = title;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}
