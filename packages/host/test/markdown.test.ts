// The chat page's Markdown (page/markdown.ts on markdown-it) in Node: what each construct becomes, that
// no text ever becomes markup or a non-http(s)/mailto link, and CommonMark's pathological inputs (the
// kinds from commonmark.js's and markdown-it's pathological suites, 20 KB each) parsed in linear time:
// each at 8x the size costs at most 40x or 1 s (linear is 8x, a quadratic one 64x; the rest is a
// shared machine's noise and the garbage collector), and 20 KB stays below a generous 500 ms here (the
// old renderer took seconds; the page's 100 ms is measured in Chromium). A small stand-in Document
// records what the builder makes (the real page's is tested in Chromium: page-markdown.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderMarkdown } from '../page/markdown.js';
import { PATHOLOGICAL } from './pathological-markdown.js';

/** Just what the builder calls: elements, text, fragments, attributes, dataset and style. */
class FakeNode {
  children: FakeNode[] = [];
  attrs: Record<string, string> = {};
  dataset: Record<string, string> = {};
  style: Record<string, string> = {};
  className = '';
  readonly tag: string;
  public text: string;
  constructor(tag: string, text = '') {
    this.tag = tag;
    this.text = text;
  }
  appendChild(child: FakeNode): FakeNode {
    this.children.push(child);
    return child;
  }
  setAttribute(name: string, value: string): void {
    this.attrs[name] = value;
  }
  set href(v: string) {
    this.attrs.href = v;
  }
  set title(v: string) {
    this.attrs.title = v;
  }
  set target(v: string) {
    this.attrs.target = v;
  }
  set rel(v: string) {
    this.attrs.rel = v;
  }
  set textContent(v: string) {
    this.children = [new FakeNode('#text', v)];
  }
  get textContent(): string {
    return this.tag === '#text' ? this.text : this.children.map((c) => c.textContent).join('');
  }
  /** A compact serialisation for assertions: tags and text, never parsed back. */
  get shape(): string {
    if (this.tag === '#text') return this.text;
    const inner = this.children.map((c) => c.shape).join('');
    if (this.tag === 'br' || this.tag === 'hr') return `<${this.tag}>`;
    return this.tag === '#fragment' ? inner : `<${this.tag}>${inner}</${this.tag}>`;
  }
  all(tag: string): FakeNode[] {
    return [...(this.tag === tag ? [this] : []), ...this.children.flatMap((c) => c.all(tag))];
  }
}
const doc = {
  createElement: (tag: string) => new FakeNode(tag),
  createTextNode: (text: string) => new FakeNode('#text', text),
  createDocumentFragment: () => new FakeNode('#fragment'),
} as unknown as Document;
const render = (text: string) => renderMarkdown(text, doc) as unknown as FakeNode;

describe('what a reply becomes', () => {
  test('headings below the page, lists, tables with alignment, code, quotes, breaks', () => {
    assert.equal(render('# Plan').shape, '<h3>Plan</h3>');
    assert.equal(render('###### six').shape, '<h6>six</h6>');
    assert.equal(render('a\nb').shape, '<p>a<br>b</p>');
    assert.equal(
      render('- one\n- two\n  - nested').shape,
      '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>',
    );
    const ol = render('3. three\n4. four').all('ol')[0]!;
    assert.equal(ol.attrs.start, '3');
    const table = render('| k | v |\n| --- | ---: |\n| a | 1 |');
    assert.equal(table.children[0]!.className, 'md-table');
    assert.equal(table.all('td')[1]!.style.textAlign, 'right');
    const code = render('```js\nconst x = "<b>";\n```').all('code')[0]!;
    assert.equal(code.dataset.lang, 'js');
    assert.equal(code.textContent, 'const x = "<b>";');
    assert.equal(render('> quoted').shape, '<blockquote><p>quoted</p></blockquote>');
    assert.equal(
      render('**b** *i* ~~s~~ `c`').shape,
      '<p><strong>b</strong> <em>i</em> <del>s</del> <code>c</code></p>',
    );
    assert.equal(render('snake_case_name').shape, '<p>snake_case_name</p>');
  });

  test('raw HTML stays text; links only to http(s) and mailto, opened without opener or referrer', () => {
    const html = render('<img src=x onerror="alert(1)"> <script>x</script>\n\n<div>\nblock\n</div>');
    assert.deepEqual(html.all('img'), []);
    assert.deepEqual(html.all('script'), []);
    assert.match(html.textContent, /<img src=x onerror="alert\(1\)"> <script>x<\/script>/);
    const out = render(
      '[ok](https://example.com/a "t") [js](javascript:alert(1)) [d](data:text/html,x) [v](vbscript:x) ' +
        '[rel](/local) <https://example.com/b> mail@example.com ![pic](https://example.com/p.png) ' +
        'https://example.com/c.',
    );
    const links = out.all('a').map((a) => [a.textContent, a.attrs.href, a.attrs.rel, a.attrs.target]);
    assert.deepEqual(links, [
      ['ok', 'https://example.com/a', 'noopener noreferrer', '_blank'],
      ['https://example.com/b', 'https://example.com/b', 'noopener noreferrer', '_blank'],
      ['mail@example.com', 'mailto:mail@example.com', 'noopener noreferrer', '_blank'],
      ['pic', 'https://example.com/p.png', 'noopener noreferrer', '_blank'],
      ['https://example.com/c', 'https://example.com/c', 'noopener noreferrer', '_blank'],
    ]);
    assert.match(out.textContent, /\[js\]\(javascript:alert\(1\)\) \[d\]\(data:text\/html,x\)/);
    assert.match(out.textContent, /\[rel\]\(\/local\)/);
  });
});

describe('pathological inputs', () => {
  const time = (text: string, warm = false) => {
    if (!warm) render(text); // warm up
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      render(text);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  for (const [name, make] of Object.entries(PATHOLOGICAL)) {
    test(`${name}: linear, and 20 KB quick`, () => {
      const small = time(make(20_000));
      const large = time(make(160_000), true); // the 20 KB runs warmed the same code
      assert.ok(small < 500, `${name}: 20 KB took ${small.toFixed(1)} ms`);
      assert.ok(
        large < Math.max(40 * small, 1000),
        `${name}: 20 KB ${small.toFixed(1)} ms, 160 KB ${large.toFixed(1)} ms`,
      );
    });
  }
});
