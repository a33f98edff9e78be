// The type-level test of the field types (testing/types/surfaces.types.ts) is type-checked by `tsc -b`,
// and each of its `@ts-expect-error` lines stands for the error it names: compiled without the
// directives, every such line fails saying its quoted name is missing, and no other line fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

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
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', probe], {
      encoding: 'utf8',
      cwd: root,
    });
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
