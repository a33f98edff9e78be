// @formrequest/skills: MCP tool catalogs (files or live servers) -> Agent Skills (SKILL.md, lazy YAML)
// and tool specifications with lint findings. The names the `formrequest` CLI alone needs are in
// `@formrequest/skills/cli`; the YAML and JSON readers and writers in `@formrequest/skills/data`.

export type { CallOptions, CallOutcome } from './call.js';
export { type CallResultText, resultText, type ToolResult } from './call-result.js';
// catalogs
export {
  CatalogChecker,
  CatalogError,
  type CatalogServer,
  type CatalogTool,
  type CheckedCatalog,
  checkCatalog,
  type Defect,
  inputSchemaOf,
  propertiesOf,
  requiredOf,
  type Schema,
  type SkippedServer,
} from './catalog.js';
export {
  type CatalogReadOptions,
  catalogText,
  parseCatalogText,
  readCatalogFile,
  saveCatalog,
} from './catalog-file.js';
export { fromJs, type Mapping, PyFloat, Timestamp, toJs, type Value } from './data/value.js';
export { type FormSkillOptions, formSkill } from './form-skill.js';
export { parameterLine, toolSection } from './full.js';
export { findLaunch, type Launch, LaunchError, recordLaunch } from './launch.js';
export { lazyTool, lazyYaml } from './lazy.js';
export { type Finding, lintServer } from './lint.js';
export { type LiveOptions, LiveServerError, type LiveTarget } from './live-error.js';
export { pythonRepr, pythonStr } from './python-repr.js';
export { baseSkillName, isValidSkillName, skillNames } from './skill-name.js';
// skills (seed 003)
export { type BuildOptions, buildSkill, buildSkills, type Skill, type SkillFile } from './skills.js';
export { callTool, readLiveServer } from './source.js';
// tool specifications (seed 002)
export { exampleOf, type ToolSpec, toolSpec } from './spec.js';
export { type ToolKind, toolKind } from './tool-kind.js';
export { zodOf } from './zod-notation.js';
