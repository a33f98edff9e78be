// One `formrequest skill` run over a catalog that is read server by server: each usable server is
// checked and its skill built (and staged in the output folder) as soon as it has been read, then let
// go, so memory holds one server at a time, not the catalog. Skill names depend on every id of the
// catalog (collisions), so a skill is built under its own base name and renamed at the end in the rare
// case another id collides with it. With --server only the servers that may be named are kept.
import { CatalogChecker, type CatalogServer, type CheckedCatalog } from './catalog.js';
import type { Value } from './data/value.js';
import { allServerIds, mayName, type Selection, selectIds } from './select.js';
import { baseSkillName, skillNames } from './skill-name.js';
import { type BuildOptions, buildSkill, type Skill } from './skills.js';
import type { SkillsFolder } from './skills-folder.js';

export interface SkillRunOptions extends Omit<BuildOptions, 'allIds'> {
  /** `--server` names; empty: every usable server. */
  wanted?: string[];
  /** Where skills are staged as they are built; without it they are kept (for --stdout). */
  folder?: SkillsFolder;
}

export interface SkillRunResult {
  checked: CheckedCatalog;
  /** The skills built, with their final names (files kept only without a folder). */
  skills: Skill[];
  /** With --server: what was asked for. */
  selection?: Selection;
  /** Lines of each skill's SKILL.md, by server id (Agent Skills advise under about 500). */
  lines: Map<string, number>;
}

export class SkillRun {
  private readonly checker = new CatalogChecker({ keepServers: false });
  private readonly built: Skill[] = [];
  /** With --server: servers that may be asked for, kept until all ids are known. */
  private readonly candidates: CatalogServer[] = [];
  private readonly wanted: string[];
  private readonly lines = new Map<string, number>();

  private readonly options: SkillRunOptions;
  constructor(options: SkillRunOptions = {}) {
    this.options = options;
    this.wanted = options.wanted ?? [];
  }

  /** Takes one entry of the catalog's `servers` list (the reader's onServer). */
  readonly add = (entry: Value, index: number): void => {
    const server = this.checker.add(entry, index);
    if (!server) return;
    if (this.wanted.length > 0) {
      if (mayName(server.id, this.wanted)) this.candidates.push(server);
      return;
    }
    this.keep(buildSkill(server, baseSkillName(server.id), this.options));
  };

  private keep(skill: Skill): void {
    this.lines.set(skill.serverId, skill.files[0]?.content.split('\n').length ?? 0);
    if (this.options.folder) {
      this.options.folder.stage(skill);
      this.built.push({ ...skill, files: [] });
    } else this.built.push(skill);
  }

  /** After the whole catalog was read: final names, and the servers --server asked for. */
  finish(): SkillRunResult {
    const checked = this.checker.result;
    const ids = allServerIds(checked);
    const names = skillNames(ids);
    let selection: Selection | undefined;
    if (this.wanted.length > 0) {
      selection = selectIds(ids, this.wanted);
      const chosen = new Set(selection.ids);
      for (const server of this.candidates) {
        if (chosen.has(server.id)) this.keep(buildSkill(server, names.get(server.id)!, this.options));
      }
    }
    const skills = this.built.map((skill) => {
      const name = names.get(skill.serverId)!;
      if (name === skill.name) return skill;
      this.options.folder?.rename(skill.serverId, name);
      return renamed(skill, name);
    });
    return { checked, skills, selection, lines: this.lines };
  }
}

/** The same skill under another folder name (paths and the frontmatter `name:` line). */
function renamed(skill: Skill, name: string): Skill {
  return {
    name,
    serverId: skill.serverId,
    files: skill.files.map((file) => ({
      path: `${name}${file.path.slice(skill.name.length)}`,
      content: file.path.endsWith('/SKILL.md')
        ? file.content.replace(`\nname: ${skill.name}\n`, `\nname: ${name}\n`)
        : file.content,
    })),
  };
}
