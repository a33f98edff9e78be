// Reads the compact form schema request_form advertises back into per-type facts, the way a model has to
// read it: the field properties once (their JSON type, bounds and default), and the table in
// `fields[].type`'s description (what each type takes, what it requires, where it differs). Written
// from the table's stated grammar, not from the generator, so a test with it proves that everything
// in the catalog can be learnt from what is advertised.

export interface AdvertisedProp {
  required: boolean;
  /** The JSON type(s) a value may have; undefined when any value is allowed. */
  jsonType?: string | string[];
  /** The table's kind word when the type's value differs from the shared one (`default:boolean`). */
  kind?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

const KIND_JSON: Record<string, string | undefined> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  'string[]': 'array',
  options: 'array',
  object: 'object',
  url: 'string',
  pattern: 'string',
  date: 'string',
  any: undefined,
};

const TOKEN =
  /^(?<name>[A-Za-z]+)(?::(?<kind>[\w[\]]+))?(?<req>\*)?(?:=(?<def>[^(]+))?(?:\((?<min>[^.]*)\.\.(?<max>[^)]*)\))?$/;
const LINE = /^(?<type>[a-z-]+)(?: \((?<brief>[^)]*)\))?(?:: (?<props>.*?))?(?:; no (?<lacks>.*))?$/;

/** Per type, its properties with what a model can learn of each. Throws on text outside the grammar. */
export function readCompactFieldSchema(items: any): Map<string, Map<string, AdvertisedProp>> {
  const properties: Record<string, any> = items.properties;
  const [header, ...lines] = String(properties.type.description).split('\n');
  const shared = /All take (.*) unless/.exec(header!)?.[1]?.split(', ');
  if (!shared) throw new Error(`no shared properties in the table header: ${header}`);
  const base = (name: string): AdvertisedProp => {
    const schema = properties[name];
    if (!schema) throw new Error(`the table names ${name}, which is not among the advertised properties`);
    return {
      required: false,
      jsonType: schema.type,
      default: schema.default,
      minimum: schema.minimum,
      maximum: schema.maximum,
    };
  };
  const apply = (facts: AdvertisedProp, token: string): [string, AdvertisedProp] => {
    const m = TOKEN.exec(token);
    if (!m?.groups) throw new Error(`a table entry outside the grammar: ${token}`);
    const g = m.groups;
    const out = { ...facts };
    if (g.kind) {
      out.kind = g.kind;
      out.jsonType = KIND_JSON[g.kind];
    }
    if (g.req) out.required = true;
    if (g.def !== undefined) out.default = JSON.parse(g.def);
    if (g.min !== undefined) out.minimum = g.min === '' ? undefined : Number(g.min);
    if (g.max !== undefined) out.maximum = g.max === '' ? undefined : Number(g.max);
    return [g.name!, out];
  };
  const tokensOf = new Map<string, string[]>();
  const result = new Map<string, Map<string, AdvertisedProp>>();
  for (const line of lines) {
    const m = LINE.exec(line);
    if (!m?.groups) throw new Error(`a table line outside the grammar: ${line}`);
    const { type, props = '', lacks = '' } = m.groups as Record<string, string>;
    let tokens = props.split(' ').filter(Boolean);
    if (tokens[0] === 'like') {
      const other = tokensOf.get(tokens[1]!);
      if (!other) throw new Error(`${type} is "like" ${tokens[1]}, which is not written before it`);
      tokens = [...other, ...(tokens[2] === '+' ? tokens.slice(3) : [])];
    }
    tokensOf.set(type!, tokens);
    const facts = new Map<string, AdvertisedProp>();
    const lacking = lacks.split(' ').filter(Boolean);
    for (const entry of shared) {
      const [name, value] = apply(base(entry.replace('*', '')), entry);
      if (!lacking.includes(name)) facts.set(name, value);
    }
    for (const token of tokens) {
      const name = TOKEN.exec(token)?.groups?.name ?? token;
      const [key, value] = apply(facts.get(name) ?? base(name), token);
      facts.set(key, value);
    }
    result.set(type!, facts);
  }
  return result;
}
