// CommonMark's pathological inputs (the kinds in commonmark.js's and markdown-it's pathological
// suites, and the ones that froze the old hand-written renderer), each made to a size in characters.
/** CommonMark's pathological inputs, each as a function of its size in characters. */
export const PATHOLOGICAL: Record<string, (n: number) => string> = {
  'backtick runs': (n) => '`a'.repeat(n / 2),
  'growing backtick runs': (n) => {
    let s = '';
    for (let i = 1; s.length < n; i++) s += `${'`'.repeat(i)} `;
    return s.slice(0, n);
  },
  'nested brackets': (n) => `${'['.repeat(n / 2)}a${']'.repeat(n / 2)}`,
  'unclosed link openers': (n) => '[a'.repeat(n / 2),
  'link closers after openers': (n) => `${'['.repeat(n / 3)}${'a](b)'.repeat(n / 15)}`,
  'unclosed links': (n) => '[a]('.repeat(n / 4),
  'nested emphasis': (n) => `${'*a '.repeat(n / 6)}${' a*'.repeat(n / 6)}`,
  'emphasis closers': (n) => 'a**a*'.repeat(n / 5),
  'mixed emphasis': (n) => '_*'.repeat(n / 2),
  'unclosed strikethrough': (n) => '~~a'.repeat(n / 3),
  'table row of spaces': (n) => `| a |\n| - |\n|${' '.repeat(n)}x`,
  'header row of spaces': (n) => `a|${' '.repeat(n)}\n-|-`,
  'nested quotes': (n) => `${'>'.repeat(n)}a`,
  'nested lists': (n) => `${'- '.repeat(n / 2)}a`,
  'angle brackets': (n) => '<'.repeat(n),
  entities: (n) => '&#'.repeat(n / 2),
  'reference definitions': (n) => `${'[a]: b\n'.repeat(n / 7)}[a]`,
  'bare URLs': (n) => 'http://a.b/'.repeat(n / 11),
};

/** One 20 KB reply with a bit of each: what a hostile or broken model might send. */
export function pathologicalReply(): string {
  const part = (name: string, n: number) => PATHOLOGICAL[name]!(n);
  return [
    part('backtick runs', 4000),
    part('growing backtick runs', 3000),
    part('nested brackets', 3000),
    part('unclosed link openers', 2000),
    part('nested emphasis', 3000),
    part('emphasis closers', 1000),
    `| a |\n| - |\n|${' '.repeat(4000)}x`,
  ].join('\n\n');
}
