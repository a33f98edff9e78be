// `--server ID`: picking servers of a checked catalog by id (or by the skill name made from it).
import type { CatalogServer, CheckedCatalog } from './catalog.js';
import { baseSkillName } from './skill-name.js';

export interface Selection {
  /** Usable servers asked for (all usable servers when nothing was asked for). */
  servers: CatalogServer[];
  /** Ids asked for that the catalog has but that were skipped (offline, no tools, defects). */
  skipped: Set<string>;
  /** Names asked for that match no server at all. */
  unknown: string[];
}

export function selectServers(checked: CheckedCatalog, wanted: string[]): Selection {
  if (wanted.length === 0) return { servers: checked.servers, skipped: new Set(), unknown: [] };
  const all = [...checked.servers, ...checked.inactive, ...checked.broken];
  const matches = (id: string, w: string) => id === w || baseSkillName(id) === w;
  const servers = checked.servers.filter((s) => wanted.some((w) => matches(s.id, w)));
  const skipped = new Set(
    [...checked.inactive, ...checked.broken]
      .filter((s) => wanted.some((w) => matches(s.id, w)))
      .map((s) => s.id),
  );
  const unknown = wanted.filter((w) => !all.some((s) => matches(s.id, w)));
  return { servers, skipped, unknown };
}

/** Every server id in the catalog (usable or not), for choosing skill names. */
export function allServerIds(checked: CheckedCatalog): string[] {
  const skipped = [...checked.inactive, ...checked.broken].filter((s) => s.named).map((s) => s.id);
  return [...new Set([...checked.servers.map((s) => s.id), ...skipped])];
}
