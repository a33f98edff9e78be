// One skill per server: the files (relative paths and their text) for full or lazy mode.
import type { CatalogServer } from './catalog.js';
import { lazyYaml } from './lazy.js';
import { fullSkillMd, lazySkillMd, TOOLS_YAML } from './skill-md.js';
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

export interface BuildOptions {
  lazy?: boolean;
  /**
   * Every server id of the catalog, when only some servers are built (`--server`): names are
   * chosen against all of them so a server keeps the same folder whether built alone or with the rest.
   */
  allIds?: string[];
}

export function buildSkills(servers: CatalogServer[], options: BuildOptions = {}): Skill[] {
  const ids = options.allIds ?? servers.map((s) => s.id);
  const names = skillNames([...new Set([...ids, ...servers.map((s) => s.id)])]);
  return servers.map((server) => {
    const name = names.get(server.id)!;
    const files: SkillFile[] = options.lazy
      ? [
          { path: `${name}/SKILL.md`, content: lazySkillMd(name, server) },
          { path: `${name}/${TOOLS_YAML}`, content: lazyYaml(server.tools ?? []) },
        ]
      : [{ path: `${name}/SKILL.md`, content: fullSkillMd(name, server) }];
    return { name, serverId: server.id, files };
  });
}
