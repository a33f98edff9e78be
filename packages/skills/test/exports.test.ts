// The public API of @formrequest/skills, pinned: the root holds what library users need; the
// `formrequest` verbs' helpers live in ./cli and the exact-data readers and writers in ./data. A change
// here is a change of the package's API: update the list on purpose, and the README's API section.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as root from '@formrequest/skills';
import * as cli from '@formrequest/skills/cli';
import * as data from '@formrequest/skills/data';

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
