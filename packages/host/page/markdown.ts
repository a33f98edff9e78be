// Agent replies as Markdown, built as DOM nodes: no HTML string is ever parsed, so nothing a model
// writes can become markup (raw `<tags>` stay text). What replies use: paragraphs (a single newline is a
// line break, as people write in chat), ATX headings, fenced code, block quotes, lists (nested by
// indentation, ordered ones keep their start), GFM tables, rules; inline code, **strong**, *emphasis*,
// ~~strike~~, [links](https://…), <https://…> and bare https:// URLs. Links go to http(s) and mailto only
// (anything else is text) and open in a new tab without a referrer or an opener.

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'list'; ordered: boolean; start: number; items: string[][] }
  | { kind: 'table'; head: string[]; align: string[]; rows: string[][] }
  | { kind: 'hr' };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])(\s+|$)(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Renders `text` as Markdown into a fragment of plain DOM nodes. */
export function renderMarkdown(text: string, doc: Document = document): DocumentFragment {
  const out = doc.createDocumentFragment();
  for (const block of blocks(text.replace(/\r\n?/g, '\n').split('\n'))) out.append(blockNode(block, doc));
  return out;
}

function blocks(lines: string[]): Block[] {
  const out: Block[] = [];
  let i = 0;
  const paragraphEnds = (line: string) =>
    !line.trim() ||
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    ITEM.test(line);
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++; // the closing fence (or the end)
      out.push({ kind: 'code', lang: fence[2]!, text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.push({ kind: 'h', level: heading[1]!.length, text: heading[2] ?? '' });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push({ kind: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) quoted.push(QUOTE.exec(lines[i++]!)![1]!);
      out.push({ kind: 'quote', lines: quoted });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      const ordered = item[3] !== undefined;
      const list: Block & { kind: 'list' } = {
        kind: 'list',
        ordered,
        start: Number(item[3] ?? 1),
        items: [],
      };
      const indent = item[1]!.length;
      while (i < lines.length) {
        const next = ITEM.exec(lines[i]!);
        if (next && next[1]!.length <= indent + 1 && (next[3] !== undefined) === ordered) {
          list.items.push([next[5]!]);
          i++;
        } else if (lines[i]!.trim() && /^\s{2,}/.test(lines[i]!) && list.items.length) {
          list.items.at(-1)!.push(lines[i++]!.replace(/^\s{2,4}/, ''));
        } else break;
      }
      out.push(list);
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!)) {
      const head = cells(line);
      const align = cells(lines[i + 1]!).map((c) =>
        c.endsWith(':') ? (c.startsWith(':') ? 'center' : 'right') : '',
      );
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim()) rows.push(cells(lines[i++]!));
      out.push({ kind: 'table', head, align, rows });
      continue;
    }
    const para: string[] = [line];
    i++;
    while (i < lines.length && !paragraphEnds(lines[i]!)) para.push(lines[i++]!);
    out.push({ kind: 'p', lines: para });
  }
  return out;
}

function cells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

function blockNode(block: Block, doc: Document): Node {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K) => doc.createElement(tag);
  switch (block.kind) {
    case 'p': {
      const p = el('p');
      block.lines.forEach((line, n) => {
        if (n) p.append(el('br'));
        p.append(inline(line.trim(), doc));
      });
      return p;
    }
    case 'h': {
      // Headings inside a message sit below the page's own: h1-h6 become h3-h6.
      const h = el(`h${Math.min(6, block.level + 2)}` as 'h3');
      h.append(inline(block.text, doc));
      return h;
    }
    case 'code': {
      const pre = el('pre');
      const code = el('code');
      if (block.lang) code.dataset.lang = block.lang;
      code.textContent = block.text;
      pre.append(code);
      return pre;
    }
    case 'quote': {
      const q = el('blockquote');
      q.append(renderMarkdown(block.lines.join('\n'), doc));
      return q;
    }
    case 'list': {
      const list = el(block.ordered ? 'ol' : 'ul');
      if (block.ordered && block.start !== 1) list.setAttribute('start', String(block.start));
      for (const lines of block.items) {
        const li = el('li');
        const [first, ...rest] = lines;
        li.append(inline(first!.trim(), doc));
        if (rest.length) li.append(renderMarkdown(rest.join('\n'), doc));
        list.append(li);
      }
      return list;
    }
    case 'table': {
      const wrap = el('div');
      wrap.className = 'md-table';
      const table = el('table');
      const row = (values: string[], tag: 'th' | 'td') => {
        const tr = el('tr');
        block.head.forEach((_, c) => {
          const cell = el(tag);
          if (block.align[c]) cell.style.textAlign = block.align[c]!;
          cell.append(inline(values[c] ?? '', doc));
          tr.append(cell);
        });
        return tr;
      };
      const thead = el('thead');
      thead.append(row(block.head, 'th'));
      const tbody = el('tbody');
      for (const r of block.rows) tbody.append(row(r, 'td'));
      table.append(thead, tbody);
      wrap.append(table);
      return wrap;
    }
    case 'hr':
      return el('hr');
  }
}

// Inline: one left-to-right scan; the first construct that starts at a position and closes wins.
const INLINE =
  /\\([!-/:-@[-`{-~])|(`+)([\s\S]*?[^`])\2(?!`)|(\*\*|__)(?=\S)([\s\S]*?\S)\4|(\*|_)(?=\S)([\s\S]*?\S)\6|~~(?=\S)([\s\S]*?\S)~~|!?\[([^\]]*)\]\(\s*<?([^\s)>]*)>?(?:\s+"([^"]*)")?\s*\)|<((?:https?:\/\/|mailto:)[^\s<>]+)>|\b(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"」』）])/g;

function inline(text: string, doc: Document): DocumentFragment {
  const out = doc.createDocumentFragment();
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index!;
    // `_` only emphasises at word edges: snake_case_names stay as they are.
    if (m[6] === '_' && (/\w/.test(text[at - 1] ?? '') || /\w/.test(text[at + m[0].length] ?? ''))) continue;
    if (m[4] === '__' && /\w/.test(text[at - 1] ?? '')) continue;
    if (at < last) continue;
    out.append(text.slice(last, at));
    last = at + m[0].length;
    if (m[1] !== undefined) out.append(m[1]);
    else if (m[2] !== undefined)
      out.append(wrap('code', doc, doc.createTextNode(m[3]!.replace(/^ (.*) $/, '$1'))));
    else if (m[4] !== undefined) out.append(wrap('strong', doc, inline(m[5]!, doc)));
    else if (m[6] !== undefined) out.append(wrap('em', doc, inline(m[7]!, doc)));
    else if (m[8] !== undefined) out.append(wrap('del', doc, inline(m[8], doc)));
    else if (m[9] !== undefined) out.append(link(m[10]!, m[11], inline(m[9] || m[10]!, doc), doc));
    else {
      const url = m[12] ?? m[13]!;
      out.append(link(url, undefined, doc.createTextNode(url.replace(/^mailto:/, '')), doc));
    }
  }
  out.append(text.slice(last));
  return out;
}

function wrap(tag: 'code' | 'strong' | 'em' | 'del', doc: Document, child: Node): HTMLElement {
  const el = doc.createElement(tag);
  el.append(child);
  return el;
}

/** A link to http(s) or mailto; anything else (javascript:, data:, relative paths) stays its text. */
function link(href: string, title: string | undefined, label: Node, doc: Document): Node {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return label;
  }
  if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return label;
  const a = doc.createElement('a');
  a.href = url.href;
  if (title) a.title = title;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  a.append(label);
  return a;
}
