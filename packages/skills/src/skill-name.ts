// Agent Skills names: 1-64 characters of a-z, 0-9 and '-', no leading, trailing or doubled '-', and
// equal to the skill's folder name. Server ids that are not valid names are mapped by one fixed rule:
//   1. Unicode NFKD, accents dropped (`Café` -> `Cafe`), then lower case;
//   2. every run of other characters (dots, '_', spaces, CJK…) becomes one '-'; '-' trimmed at both ends;
//   3. nothing left -> `server`;
//   4. longer than 64 -> the first 55 characters (trailing '-' trimmed) + '-' + 8 hex digits of the
//      SHA-256 of the original id, so long ids that share a prefix stay apart.
// Collisions: when two servers end up with the same name, a server whose id IS that name keeps it;
// every other one gets `-` + 8 hex digits of the SHA-256 of its id (shortened to fit 64). This depends
// only on the set of ids, never on their order, so the same catalog always gives the same folders.
import { crypto } from './node-crypto.js';

const MAX = 64;

const VALID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSkillName(name: string): boolean {
  return name.length >= 1 && name.length <= MAX && VALID.test(name);
}

function hash8(id: string): string {
  return crypto().createHash('sha256').update(id).digest('hex').slice(0, 8);
}

function withSuffix(base: string, id: string): string {
  const head = base.slice(0, MAX - 9).replace(/-+$/, '');
  return `${head || 'server'}-${hash8(id)}`;
}

/** The name a server gets when its base name collides with another server's. */
export function suffixedSkillName(id: string): string {
  return withSuffix(baseSkillName(id), id);
}

/** The skill name for one server id, ignoring other servers (steps 1-4 above). */
export function baseSkillName(id: string): string {
  if (isValidSkillName(id)) return id;
  const folded = id
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const name = folded || 'server';
  return name.length > MAX ? withSuffix(name, id) : name;
}

/** Skill names for a list of server ids (distinct ids), unique, valid, and independent of order. */
export function skillNames(ids: string[]): Map<string, string> {
  const base = new Map(ids.map((id) => [id, baseSkillName(id)]));
  const count = new Map<string, number>();
  for (const name of base.values()) count.set(name, (count.get(name) ?? 0) + 1);
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const [id, name] of base) {
    if ((count.get(name) ?? 0) === 1 || id === name) {
      result.set(id, name);
      taken.add(name);
    }
  }
  for (const [id, name] of base) {
    if (result.has(id)) continue;
    let candidate = withSuffix(name, id);
    // A suffixed name could, in theory, equal another server's name: extend the hash input until free.
    for (let n = 1; taken.has(candidate); n++) candidate = withSuffix(name, `${id}#${n}`);
    result.set(id, candidate);
    taken.add(candidate);
  }
  return result;
}
