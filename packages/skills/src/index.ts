// @formrequest/skills: MCP tool catalogs (files or live servers) -> Agent Skills (SKILL.md, lazy YAML)
// and tool specifications with lint findings.
export * from './catalog.js';
export { parseCatalogText, readCatalogFile, saveCatalog } from './catalog-file.js';
export {
  FORM_SKILL_DESCRIPTION,
  FORM_SKILL_EXAMPLES,
  FORM_SKILL_NAME,
  type FormSkillOptions,
  formExampleJson,
  formSkill,
  formSkillMarkdown,
  spacedJson,
} from './form-skill.js';
export { parameterExtras, parameterLine, toolSection } from './full.js';
export { type LazyTool, lazyTool, lazyTools, lazyYaml } from './lazy.js';
export { type Finding, lintServer, MAX_INVOCATION_CHARS } from './lint.js';
export {
  describeTarget,
  type LiveOptions,
  LiveServerError,
  type LiveTarget,
  readLiveServer,
} from './live.js';
export { pythonNumber, pythonRepr, pythonStr, pythonStringRepr } from './python-repr.js';
export { skippedReport } from './report.js';
export { allServerIds, type Selection, selectServers } from './select.js';
export { clip, fullSkillMd, lazySkillMd, skillDescription, TOOLS_YAML } from './skill-md.js';
export { baseSkillName, isValidSkillName, skillNames } from './skill-name.js';
export { type BuildOptions, buildSkills, type Skill, type SkillFile } from './skills.js';
export { isLive, loadSource, type Source, sourceFrom, splitCommand } from './source.js';
export { exampleOf, type ToolSpec, toolSpec } from './spec.js';
export { sourceToolOf, type ToolKind, toolKind, uiResourceOf } from './tool-kind.js';
export { writeFileAtomic, writeTree } from './write.js';
export { zodOf, zodParameterLine } from './zod-notation.js';
