// The type-level test of the field types (testing/types/surfaces.types.ts) is type-checked by `tsc -b`,
// and each of its `@ts-expect-error` lines stands for the error it names: compiled without the
// directives, every such line fails with an error quoting the name its directive quotes (a missing
// key, or a refused 'null'), and no other line fails.
// Then the maintainer's case for real: a copy of the sources with one more catalog entry (or value or
// property kind) must fail to compile exactly at the places that need it (its words in catalog-docs.ts
// among them); a table cast to its type
// would compile, and fail here. And a type that differs from text only by its answer's format (email,
// testing/add-email.ts): the compiler names exactly the format table, the stale suggestion and the two
// renderers' tables, and once they are filled the copy compiles (add-email.test.ts runs its tests).
// tsc runs single-threaded: the runner already keeps both cores busy, and its checker threads would
// about double the CPU each compile takes (22 s against 11 s for this file) for the same errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { addEmailToCatalog, fillNamedPlaces } from '../../testing/add-email.ts';

const root = resolve(import.meta.dirname, '../..');
const project = join(root, 'testing/types');
const source = readFileSync(join(project, 'surfaces.types.ts'), 'utf8');

test('tsc -b checks the type-level test: the root tsconfig references its project', () => {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  assert.ok(
    config.references.some((r: { path: string }) => r.path === 'testing/types'),
    'the root tsconfig.json references testing/types',
  );
  const own = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8'));
  assert.ok(own.include.includes('*.ts'), 'its project includes surfaces.types.ts');
  assert.ok(own.include.includes('../../scripts/vocabulary-doc.ts'), 'and the docs generator');
});

test('each expected error is the one it names, and nothing else fails', () => {
  const lines = source.split('\n');
  const expected = new Map<number, string>(); // line (1-based, in the copy) -> the name said missing
  const kept: string[] = [];
  for (const line of lines) {
    const directive = /^\s*\/\/ @ts-expect-error \w+: .*'([\w-]+)'/.exec(line);
    if (directive) {
      expected.set(kept.length + 1, directive[1]!);
      continue;
    }
    kept.push(line.replace(/'\.\.\/\.\.\//g, "'../../../../"));
  }
  assert.ok(expected.size >= 9, `found ${expected.size} expected errors`);
  const probe = join(project, '.tmp', `probe-${process.pid}`);
  mkdirSync(probe, { recursive: true });
  try {
    writeFileSync(join(probe, 'surfaces.ts'), kept.join('\n'));
    writeFileSync(
      join(probe, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { composite: false, noEmit: true, rootDir: '../../../..' },
        include: ['surfaces.ts', '../../../../scripts/vocabulary-doc.ts'],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', probe, '--singleThreaded'],
      {
        encoding: 'utf8',
        cwd: root,
      },
    );
    const errors = [...tsc.stdout.matchAll(/surfaces\.ts\((\d+),\d+\): error TS\d+: (.*)/g)].map((m) => ({
      line: Number(m[1]),
      message: m[2]!,
    }));
    assert.ok(errors.length > 0, `tsc found no error: ${tsc.stdout}${tsc.stderr}`);
    for (const error of errors)
      assert.ok(expected.has(error.line), `an unexpected error on line ${error.line}: ${error.message}`);
    for (const [line, name] of expected) {
      const at = errors.filter((error) => error.line === line);
      assert.ok(at.length > 0, `line ${line} (${kept[line - 1]!.trim()}) compiles without its directive`);
      assert.ok(
        at.some((error) => error.message.includes(`'${name}'`)),
        `line ${line}: the error does not name '${name}': ${at.map((e) => e.message).join(' / ')}`,
      );
    }
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
});

const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** A 19th type as a maintainer adds it: one entry, with a value kind and shape the catalog has. */
const COLOR = `  color: {
    value: 'string',
    elicit: 'string',
    props: { name, label, placeholder, required },
  },
`;

interface TscError {
  file: string;
  line: number;
  message: string;
}

/**
 * Copies the catalog and the given packages' sources into a temporary tree, applies `edit` to the
 * copied catalog.ts, and type-checks the copies together (`@formrequest/schema` mapped to the copy),
 * then again after each of `steps` (applied to the tree). Returns each compile's errors, each with
 * its file relative to the tree.
 */
function compileWithCatalog(
  packages: string[],
  edit: (catalog: string) => string,
  steps: ((tree: string) => void)[] = [],
): TscError[][] {
  const tree = join(project, '.tmp', `catalog-${process.pid}-${packages.join('-')}`);
  rmSync(tree, { recursive: true, force: true });
  try {
    for (const name of ['schema', ...packages])
      cpSync(join(root, 'packages', name, 'src'), join(tree, 'packages', name, 'src'), { recursive: true });
    const catalogPath = join(tree, 'packages/schema/src/catalog.ts');
    const catalog = readFileSync(catalogPath, 'utf8');
    const edited = edit(catalog);
    assert.notEqual(edited, catalog, 'the edit changed the copied catalog');
    writeFileSync(catalogPath, edited);
    const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
    writeFileSync(
      join(tree, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...base.compilerOptions,
          composite: false,
          declaration: false,
          noEmit: true,
          paths: {
            '@formrequest/schema': ['./packages/schema/src/index.ts'],
            '@formrequest/schema/*': ['./packages/schema/src/*.ts', './packages/schema/src/*/index.ts'],
          },
        },
        include: [...packages.map((name) => `packages/${name}/src`), 'packages/schema/src'],
      }),
    );
    const compile = (): TscError[] => {
      const run = spawnSync(process.execPath, [tsc, '-p', tree, '--pretty', 'false', '--singleThreaded'], {
        encoding: 'utf8',
        cwd: root,
      });
      assert.equal(run.stderr, '', 'tsc ran');
      return [...run.stdout.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+: (.*)$/gm)].map((m) => ({
        file: relative(tree, resolve(root, m[1]!)).replaceAll('\\', '/'),
        line: Number(m[2]),
        message: m[3]!,
      }));
    };
    const results = [compile()];
    for (const step of steps) {
      step(tree);
      results.push(compile());
    }
    return results;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/** Inserts `entry` as the first entry of FIELD_CATALOG. */
function withEntry(catalog: string, entry: string): string {
  return catalog.replace('export const FIELD_CATALOG = {\n', (start) => start + entry);
}

const places = (errors: TscError[]) => [...new Set(errors.map((e) => e.file))].sort();

test('the copied sources compile as they are (the harness finds errors only where an edit makes them)', () => {
  const [errors] = compileWithCatalog(['web', 'terminal'], (catalog) => `${catalog}\n// unchanged\n`);
  assert.deepEqual(errors, []);
});

test('a type added to the catalog fails to compile at its words, the web builders and the terminal widgets, and only there', () => {
  const [errors] = compileWithCatalog(['web', 'terminal'], (catalog) => withEntry(catalog, COLOR));
  assert.deepEqual(places(errors), [
    'packages/schema/src/catalog-docs.ts',
    'packages/terminal/src/fields/index.ts',
    'packages/web/src/fields/index.ts',
  ]);
  const words = errors.filter((e) => e.file === 'packages/schema/src/catalog-docs.ts');
  assert.equal(words.length, 1, words.map((e) => e.message).join(' / '));
  assert.match(words[0]!.message, /'color'/, 'the error at TYPE_WORDS names the new type');
  const wordsSource = readFileSync(join(root, 'packages/schema/src/catalog-docs.ts'), 'utf8').split('\n');
  assert.match(wordsSource[words[0]!.line - 1]!, /export const TYPE_WORDS\b/, 'at TYPE_WORDS');
  const web = errors.filter((e) => e.file === 'packages/web/src/fields/index.ts');
  const terminal = errors.filter((e) => e.file === 'packages/terminal/src/fields/index.ts');
  for (const [at, table] of [
    [web, 'BUILDERS'],
    [terminal, 'WIDGETS'],
  ] as const) {
    assert.equal(at.length, 1, `one error at ${table}: ${at.map((e) => e.message).join(' / ')}`);
    assert.match(at[0]!.message, /'color'/, `the error at ${table} names the new type`);
  }
  const source = readFileSync(join(root, 'packages/web/src/fields/index.ts'), 'utf8').split('\n');
  assert.match(source[web[0]!.line - 1]!, /export const BUILDERS\b/, 'the web error is at BUILDERS');
  const terminalSource = readFileSync(join(root, 'packages/terminal/src/fields/index.ts'), 'utf8').split(
    '\n',
  );
  assert.match(
    terminalSource[terminal[0]!.line - 1]!,
    /export const WIDGETS\b/,
    'the terminal error is at WIDGETS',
  );
});

test('a property added to a type fails to compile at its words (PROP_WORDS), and only there', () => {
  const [errors] = compileWithCatalog(['web', 'terminal'], (catalog) =>
    catalog.replace('    props: {\n      name,\n', (start) => `${start}      tone: { kind: 'string' },\n`),
  );
  assert.deepEqual(places(errors), ['packages/schema/src/catalog-docs.ts']);
  assert.equal(errors.length, 1, errors.map((e) => e.message).join(' / '));
  assert.match(errors[0]!.message, /'tone'/);
  const source = readFileSync(join(root, 'packages/schema/src/catalog-docs.ts'), 'utf8').split('\n');
  assert.match(source[errors[0]!.line - 1]!, /export const PROP_WORDS\b/);
});

test('a value kind added to the catalog fails to compile at the answer checks and the answer wording', () => {
  const [all] = compileWithCatalog([], (catalog) =>
    withEntry(catalog, COLOR.replace("value: 'string'", "value: 'colour'")).replace(
      'export type ValueKind =\n',
      "export type ValueKind =\n  | 'colour'\n",
    ),
  );
  // The tool description says what each kind of answer looks like (ANSWER_JA, a record by kind); the
  // new type's words are missing too (the first test).
  assert.deepEqual(places(all), [
    'packages/schema/src/answers.ts',
    'packages/schema/src/catalog-docs.ts',
    'packages/schema/src/tool-description.ts',
  ]);
  const wording = all.filter((e) => e.file === 'packages/schema/src/tool-description.ts');
  assert.equal(wording.length, 1, wording.map((e) => e.message).join(' / '));
  const wordingSource = readFileSync(join(root, 'packages/schema/src/tool-description.ts'), 'utf8').split(
    '\n',
  );
  assert.match(wordingSource[wording[0]!.line - 1]!, /export const ANSWER_JA\b/);
  const errors = all.filter((e) => e.file === 'packages/schema/src/answers.ts');
  const source = readFileSync(join(root, 'packages/schema/src/answers.ts'), 'utf8').split('\n');
  assert.equal(errors.length, 1, errors.map((e) => e.message).join(' / '));
  // validateField's switch returns in every case and has no return after it: an unchecked kind makes
  // the function fall off its end (TS2366, reported at its return type).
  const start = source.findIndex((line) => line.startsWith('export function validateField('));
  const returnType = source.findIndex((line, i) => i > start && line.startsWith('): string | null {'));
  assert.equal(errors[0]!.line, returnType + 1, `at validateField's return type: ${errors[0]!.message}`);
  assert.match(errors[0]!.message, /lacks ending return statement/);
});

test('a property kind added to the catalog fails to compile at the kind switches and the kind wording', () => {
  const [errors] = compileWithCatalog([], (catalog) =>
    catalog.replace('export type PropKind =\n', "export type PropKind =\n  | 'colour'\n"),
  );
  // hasKind and kindSchema end in a switch with a declared return type: an unhandled kind falls off the
  // end, which tsc refuses (TS2366); the messages name the kind in their tables.
  assert.deepEqual(places(errors), [
    'packages/schema/src/check-schema.ts',
    'packages/schema/src/json-schema.ts',
    'packages/schema/src/schema-messages.ts',
  ]);
  const lineOf = (error: TscError) =>
    readFileSync(join(root, error.file), 'utf8').split('\n')[error.line - 1]!;
  const at = (file: string) => errors.filter((e) => e.file === file).map(lineOf);
  assert.match(at('packages/schema/src/check-schema.ts').join('\n'), /function hasKind\(/);
  assert.match(at('packages/schema/src/json-schema.ts').join('\n'), /function kindSchema\(/);
  for (const line of at('packages/schema/src/schema-messages.ts')) assert.match(line, /KIND_(JA|EN)/);
});

test('a type that differs from text only by its format (email): the compiler names each place; filled, it compiles', () => {
  const [named, filled] = compileWithCatalog(['web', 'terminal', 'server'], addEmailToCatalog, [
    fillNamedPlaces,
  ]);
  // The type's words (TYPE_WORDS), the format's two rows (ANSWER_FORMATS, FORMAT_EXCHANGE), the
  // suggestion that sent `email` to `text`, and the two renderers' tables: each one error naming 'email', at the table itself. The server's elicitation mapping, the tool
  // description and the answer checks read the new type through the catalog and the format's row.
  assert.deepEqual(places(named!), [
    'packages/schema/src/aliases.ts',
    'packages/schema/src/catalog-docs.ts',
    'packages/schema/src/formats.ts',
    'packages/terminal/src/fields/index.ts',
    'packages/web/src/fields/index.ts',
  ]);
  const lineOf = (error: TscError) =>
    readFileSync(join(root, error.file), 'utf8').split('\n')[error.line - 1]!;
  const where: Record<string, RegExp> = {
    'packages/schema/src/aliases.ts': /^\s+email: 'text',$/,
    'packages/schema/src/catalog-docs.ts': /export const TYPE_WORDS\b/,
    'packages/schema/src/formats.ts': /export const (ANSWER_FORMATS|FORMAT_EXCHANGE)\b/,
    'packages/terminal/src/fields/index.ts': /export const WIDGETS\b/,
    'packages/web/src/fields/index.ts': /export const BUILDERS\b/,
  };
  for (const error of named!) {
    assert.match(lineOf(error), where[error.file]!, `${error.file}:${error.line}: ${error.message}`);
    assert.match(error.message, /'email'|"text"/, `${error.file}: ${error.message}`);
  }
  assert.equal(named!.length, 6, named!.map((e) => `${e.file}: ${e.message}`).join('\n'));
  assert.deepEqual(filled, [], 'the copy compiles once those places are filled');
});
