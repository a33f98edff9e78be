// Paths into a catalog in the form people read and jq-like tools accept:
// `servers[3].tools[7].inputSchema.properties.steps`, `properties["file.name"]` for other keys.

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `base.key`, or `base["key"]` when the key is not a plain identifier. */
export function schemaPath(base: string, key: string): string {
  return PLAIN_KEY.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}
