// How deeply JSON nests objects and arrays. JSON.stringify (in the SDK's HTTP adapter, the host's store
// and every result that echoes a form) recurses once per level, so a value nested thousands of levels
// deep overflows the stack; servers and the host refuse such input first, with a message that says so.

/** Far more than any form needs (a form is about five levels deep inside its JSON-RPC message). */
export const MAX_JSON_DEPTH = 100;

/** True when `value` nests objects and arrays more than `max` levels deep; checked without recursion. */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
