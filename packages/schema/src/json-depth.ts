// How deeply JSON nests objects and arrays. JSON.stringify (in the SDK's HTTP adapter, the host's store
// and every result that echoes a form) recurses once per level, so a value nested thousands of levels
// deep overflows the stack; servers and the host refuse such input first, with a message that says so.

/** Far more than any form needs (a form is about five levels deep inside its JSON-RPC message). */
export const MAX_JSON_DEPTH = 100;
/**
 * The hard limit for a whole protocol message, far above a form's: anything between the two reaches the
 * tool and is refused there with the field it concerns, like every other schema defect. The MCP SDK's
 * message schemas and JSON.stringify recurse once per level; measured here, 3,000 levels still pass
 * through them and 5,000 overflow the stack.
 */
export const MAX_MESSAGE_DEPTH = 1000;

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

/**
 * `record[key]` when the record has that key itself, else undefined: keys from a model or a client
 * ("constructor", "toString", "__proto__") never reach Object.prototype.
 */
export function ownValue(record: unknown, key: string): unknown {
  return isPlainObject(record) && Object.hasOwn(record, key) ? record[key] : undefined;
}
