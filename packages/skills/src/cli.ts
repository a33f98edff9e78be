// @formrequest/skills/cli: what the `formrequest skill` and `formrequest spec` verbs need beyond the
// package's root: reading a SOURCE server by server, a run that stages skills as they are built, the
// output folder with its marks, and the report of skipped servers.

export { CatalogChecker, CatalogError, catalogServers } from './catalog.js';
export { type CatalogReadOptions, saveCatalog } from './catalog-file.js';
export {
  configEntries,
  findLaunch,
  type Launch,
  LaunchError,
  launchOf,
  readConfigFile,
  recordLaunch,
} from './launch.js';
export { LiveServerError } from './live-error.js';
export { skippedReport } from './report.js';
export { allServerIds, type Selection, selectIds } from './select.js';
export { TOOLS_YAML } from './skill-md.js';
export { SkillRun, type SkillRunOptions, type SkillRunResult } from './skill-run.js';
export {
  MARK_FILE,
  OutputError,
  readMark,
  type SkillMark,
  SkillsFolder,
  type SkillsFolderOptions,
  sourceKey,
} from './skills-folder.js';
export { callTool, isLive, loadSource, type Source, sourceFrom, splitCommand } from './source.js';
export { toolSpec } from './spec.js';
export { checkWritableFile, makeFolder, pathProblem, writeFileAtomic, writeFileAtomicSync } from './write.js';
