// One skill per server: the files (relative paths and their text) for full or lazy mode.
import type { CatalogServer } from './catalog.js';
import type { Launch } from './launch.js';
import { lazyReferences } from './lazy.js';
import { launchFile } from './skill-call.js';
import { fullSkillMd, lazySkillMd, type SkillMdOptions } from './skill-md.js';
import { skillNames } from './skill-name.js';

export interface SkillFile {
  /** Path inside the output folder, '/'-separated: `<skill-name>/SKILL.md`. */
  path: string;
  content: string;
}

export interface Skill {
  name: string;
  serverId: string;
  files: SkillFile[];
}

export interface BuildOptions extends Omit<SkillMdOptions, 'launch'> {
  lazy?: boolean;
  /**
   * Every server id of the catalog, when only some servers are built (`--server`): names are
   * chosen against all of them so a server keeps the same folder whether built alone or with the rest.
   */
  allIds?: string[];
  /** Callable skills: the recorded launch of a server (undefined: that skill documents its tools only). */
  launchOf?: (serverId: string) => Launch | undefined;
}

/** The files of one server's skill under the folder `name`. */
export function buildSkill(server: CatalogServer, name: string, buildOptions: BuildOptions = {}): Skill {
  const launch = buildOptions.launchOf?.(server.id);
  const options = { ...buildOptions, launch };
  let files: SkillFile[];
  if (options.lazy) {
    const references = lazyReferences(server.tools);
    files = [
      { path: `${name}/SKILL.md`, content: lazySkillMd(name, server, options, references.index) },
      ...references.files.map((file) => ({ path: `${name}/${file.path}`, content: file.content })),
    ];
  } else files = [{ path: `${name}/SKILL.md`, content: fullSkillMd(name, server, options) }];
  if (launch) files.push(launchFile(name, server, launch));
  return { name, serverId: server.id, files };
}

export function buildSkills(servers: CatalogServer[], options: BuildOptions = {}): Skill[] {
  const ids = options.allIds ?? servers.map((s) => s.id);
  const names = skillNames([...new Set([...ids, ...servers.map((s) => s.id)])]);
  return servers.map((server) => buildSkill(server, names.get(server.id)!, options));
}
