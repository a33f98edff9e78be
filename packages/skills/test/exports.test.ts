// The public API of @formrequest/skills, pinned: the root holds what library users need; the
// `formrequest` verbs' helpers live in ./cli and the exact-data readers and writers in ./data. A change
// here is a change of the package's API: update the list on purpose, and the README's API section.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import * as root from '@formrequest/skills';
import * as cli from '@formrequest/skills/cli';
import * as data from '@formrequest/skills/data';
import { repoRoot } from '../../../testing/cli.ts';

test('@formrequest/skills exports exactly these names', () => {
  assert.deepEqual(Object.keys(root).sort(), [
    'CatalogChecker',
    'CatalogError',
    'LaunchError',
    'LiveServerError',
    'PyFloat',
    'Timestamp',
    'baseSkillName',
    'buildSkill',
    'buildSkills',
    'callTool',
    'catalogText',
    'checkCatalog',
    'exampleOf',
    'findLaunch',
    'formSkill',
    'fromJs',
    'inputSchemaOf',
    'isValidSkillName',
    'lazyTool',
    'lazyYaml',
    'lintServer',
    'parameterLine',
    'parseCatalogText',
    'propertiesOf',
    'pythonRepr',
    'pythonStr',
    'readCatalogFile',
    'readLiveServer',
    'recordLaunch',
    'requiredOf',
    'resultText',
    'saveCatalog',
    'skillNames',
    'toJs',
    'toolKind',
    'toolSection',
    'toolSpec',
    'zodOf',
  ]);
});

test('@formrequest/skills/cli and /data export exactly these names', () => {
  assert.deepEqual(Object.keys(cli).sort(), [
    'CatalogChecker',
    'CatalogError',
    'LaunchError',
    'LiveServerError',
    'MARK_FILE',
    'OutputError',
    'SkillRun',
    'SkillsFolder',
    'TOOLS_YAML',
    'allServerIds',
    'callTool',
    'catalogServers',
    'checkWritableFile',
    'configEntries',
    'findLaunch',
    'isLive',
    'launchOf',
    'loadSource',
    'makeFolder',
    'pathProblem',
    'readConfigFile',
    'readMark',
    'recordLaunch',
    'saveCatalog',
    'selectIds',
    'skippedReport',
    'sourceFrom',
    'sourceKey',
    'splitCommand',
    'toolSpec',
    'writeFileAtomic',
    'writeFileAtomicSync',
  ]);
  assert.deepEqual(Object.keys(data).sort(), [
    'JsonError',
    'PyFloat',
    'Timestamp',
    'YamlError',
    'doubleQuoted',
    'floatValue',
    'fromJs',
    'intValue',
    'isMapping',
    'plainOk',
    'pythonNumber',
    'pythonRepr',
    'pythonStr',
    'readJson',
    'readYaml',
    'sameValue',
    'timestampRepr',
    'timestampStr',
    'toJs',
    'toJson',
    'writeYaml',
    'yamlScalar',
  ]);
});

test('nothing the CLI alone needs is in the root', () => {
  for (const name of [
    'SkillRun',
    'SkillsFolder',
    'splitCommand',
    'sourceFrom',
    'skippedReport',
    'writeFileAtomic',
  ]) {
    assert.ok(!(name in root), name);
  }
});

// What is published is built (scripts/build-bundle.mjs): the three entries and their shared chunks. A
// plain Node (no source hooks) imports them as a user would, recording every module it loads.
test('the built entries export what the sources do, share each class, and the root loads little', () => {
  const probe = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    const root = await import('@formrequest/skills');
    const rootModules = [...loaded];
    const builtins = process.moduleLoadList.filter((m) => /^NativeModule (internal\\/fs\\/promises|stream)$/.test(m));
    const cli = await import('@formrequest/skills/cli');
    const data = await import('@formrequest/skills/data');
    const keys = (m) => Object.keys(m).sort();
    console.log(JSON.stringify({
      root: keys(root), cli: keys(cli), data: keys(data), rootModules, builtins,
      shared: [root.PyFloat === data.PyFloat, root.Timestamp === data.Timestamp, root.CatalogError === cli.CatalogError,
        root.LaunchError === cli.LaunchError, root.LiveServerError === cli.LiveServerError],
    }));`;
  const got = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: repoRoot, encoding: 'utf8' }),
  ) as {
    root: string[];
    cli: string[];
    data: string[];
    rootModules: string[];
    builtins: string[];
    shared: boolean[];
  };
  assert.deepEqual(got.root, Object.keys(root).sort());
  assert.deepEqual(got.cli, Object.keys(cli).sort());
  assert.deepEqual(got.data, Object.keys(data).sort());
  assert.deepEqual(got.shared, [true, true, true, true, true], 'one class for every entry');
  // Import weight (issue 30, bench/skills.bench.ts): each ES module costs memory, the MCP client is
  // loaded for live servers only, and an ES import of node:fs would load fs.promises and the streams.
  const files = got.rootModules.filter((url) => url.startsWith('file:'));
  assert.ok(files.length <= 10, `the root loads ${files.length} modules:\n${files.join('\n')}`);
  assert.deepEqual(
    files.filter((url) => !url.includes('/packages/skills/')),
    [],
    'the root loads nothing outside the package',
  );
  assert.deepEqual(got.builtins, [], 'no ES import of node:fs');
});
