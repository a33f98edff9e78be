// `--server X`: a server is named by its id, or by the skill (folder) name it gets. An id wins over a
// name; a name shared by several ids before the hash suffix (`a-b` for `a.b` and `a_b`) is ambiguous
// and said so, with the names that tell them apart.
import type { CheckedCatalog } from './catalog.js';
import { baseSkillName, skillNames, suffixedSkillName } from './skill-name.js';

export interface Selection {
  /** The server ids asked for, in catalog order. */
  ids: string[];
  /** Names asked for that match no server at all. */
  unknown: string[];
  /** Names that match several servers: the name and the skill names of those servers. */
  ambiguous: { wanted: string; names: string[] }[];
}

/** While the catalog is being read: could `wanted` name the server with this id? (Decided by selectIds at the end.) */
export function mayName(id: string, wanted: string[]): boolean {
  if (wanted.length === 0) return true;
  const base = baseSkillName(id);
  return wanted.some((w) => w === id || w === base || w === suffixedSkillName(id));
}

/** The servers `wanted` names, given every server id of the catalog (in order). */
export function selectIds(allIds: string[], wanted: string[]): Selection {
  const names = skillNames(allIds);
  const ids = new Set<string>();
  const unknown: string[] = [];
  const ambiguous: Selection['ambiguous'] = [];
  for (const w of wanted) {
    if (names.has(w)) {
      ids.add(w);
      continue;
    }
    const byName = allIds.filter((id) => names.get(id) === w);
    if (byName.length === 1) {
      ids.add(byName[0]!);
      continue;
    }
    const byBase = allIds.filter((id) => baseSkillName(id) === w);
    if (byBase.length > 1)
      ambiguous.push({ wanted: w, names: byBase.map((id) => `${names.get(id)} (${id})`) });
    else unknown.push(w);
  }
  return { ids: allIds.filter((id) => ids.has(id)), unknown, ambiguous };
}

/** Every server id in the catalog (usable or not), in catalog order, for choosing skill names. */
export function allServerIds(checked: CheckedCatalog): string[] {
  const all = [...checked.usable, ...[...checked.inactive, ...checked.broken].filter((s) => s.named)].sort(
    (a, b) => a.index - b.index,
  );
  return [...new Set(all.map((s) => s.id))];
}
