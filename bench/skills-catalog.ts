// A deterministic synthetic MCP tool catalog for the skills benchmark: 400 servers, 1,200 tools and
// about 3,800 parameters with every kind of schema key a real catalog has (default, enum, minimum /
// maximum, minLength / maxLength, pattern, format, examples, items with enum or objects, minItems /
// maxItems, oneOf without type, nested properties, vendor keys, Unicode text), server ids that are not
// valid skill names (dots, capitals, over 64 characters), tool names repeated across servers, and
// a few offline and tool-less servers. Seeded, so every run builds the same catalog.

/** mulberry32: a small seeded PRNG, enough for varied but repeatable data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'image',
  'video',
  'audio',
  'mesh',
  'text',
  'search',
  'upload',
  'render',
  'model',
  'style',
  'scene',
  'voice',
  'queue',
  'status',
  'result',
  'prompt',
  'seed',
  'format',
  'quality',
  'region',
];
const JA = [
  '画像を生成します',
  '処理状況を確認します',
  '結果を取得します',
  '音声を合成します',
  '動画を変換します',
];
const FORMATS = ['uri', 'email', 'date', 'date-time', 'uuid'];
const SHARED_TOOL_NAMES = ['status', 'get_result', 'cancel', 'list_models'];

export interface BenchCatalog {
  servers: { id: string; status: string; tools: any[] }[];
}

export function generateCatalog(seed = 20261123, serverCount = 400, toolCount = 1200): BenchCatalog {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const text = `${words(int(3, 9))}.`;
    return rand() < 0.1 ? pick(JA) : text.charAt(0).toUpperCase() + text.slice(1);
  };

  function parameter(i: number): Record<string, unknown> {
    const kind = i % 12;
    const p: Record<string, unknown> = {};
    switch (kind) {
      case 0:
        Object.assign(p, { type: 'string', description: sentence(), minLength: 1, maxLength: int(50, 4000) });
        break;
      case 1:
        Object.assign(p, {
          type: 'string',
          description: sentence(),
          enum: Array.from({ length: int(2, 6) }, (_, k) => `${pick(WORDS)}_${k}`),
          default: undefined,
        });
        p.default = (p.enum as string[])[0];
        break;
      case 2:
        Object.assign(p, {
          type: 'integer',
          description: sentence(),
          default: int(1, 50),
          minimum: 1,
          maximum: int(60, 1000),
        });
        break;
      case 3:
        Object.assign(p, {
          type: 'number',
          description: sentence(),
          default: Math.round(rand() * 100) / 10,
          minimum: 0,
          maximum: 10,
          multipleOf: 0.1,
        });
        break;
      case 4:
        Object.assign(p, {
          type: 'string',
          description: sentence(),
          pattern: '^[a-z0-9-]{3,32}$',
          examples: ['my-asset', 'scene-01'],
        });
        break;
      case 5:
        Object.assign(p, { type: 'string', description: sentence(), format: pick(FORMATS) });
        break;
      case 6:
        Object.assign(p, {
          type: 'array',
          description: sentence(),
          items: { enum: ['glb', 'fbx', 'obj', 'usdz', 'stl'] },
          minItems: 1,
          maxItems: 5,
        });
        break;
      case 7:
        Object.assign(p, {
          description: sentence(),
          oneOf: [
            { type: 'string', format: 'uri' },
            { type: 'integer', minimum: 0 },
          ],
        });
        break;
      case 8:
        Object.assign(p, {
          type: 'object',
          description: sentence(),
          properties: {
            width: { type: 'integer', minimum: 64, maximum: 2048, default: 1024 },
            height: { type: 'integer', minimum: 64, maximum: 2048, default: 1024 },
          },
          required: ['width'],
        });
        break;
      case 9:
        Object.assign(p, { type: 'boolean', description: sentence(), default: rand() < 0.5 });
        break;
      case 10:
        Object.assign(p, {
          type: 'array',
          description: sentence(),
          items: {
            type: 'object',
            properties: {
              url: { type: 'string', format: 'uri' },
              weight: { type: 'number', minimum: 0, maximum: 1 },
            },
            required: ['url'],
          },
        });
        break;
      default:
        Object.assign(p, {
          type: 'string',
          'x-provider-hint': `${pick(WORDS)}-${int(1, 9)}`,
          deprecated: rand() < 0.3,
        });
        if (rand() < 0.5) p.description = sentence();
    }
    return p;
  }

  // Distribute exactly toolCount tools: each server gets 1-5, adjusted to the total.
  // A few servers have no tools at all (reported and skipped, as in a real catalog).
  const empty = (s: number) => s % 67 === 5;
  const counts = Array.from({ length: serverCount }, (_, s) => (empty(s) ? 0 : int(1, 5)));
  let diff = toolCount - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % serverCount) {
    if (empty(i)) continue;
    if (diff > 0 && counts[i]! < 8) {
      counts[i]!++;
      diff--;
    } else if (diff < 0 && counts[i]! > 1) {
      counts[i]!--;
      diff++;
    }
  }

  let paramIndex = 0;
  const servers = counts.map((n, s) => {
    const base = `${pick(WORDS)}-${pick(WORDS)}-${s}`;
    const id =
      s % 40 === 0
        ? `Vendor.${base}.V${s}`
        : s % 97 === 0
          ? `${base}-${'very-long-provider-name-'.repeat(3)}x`
          : `kamui-${base}`;
    const tools = Array.from({ length: n }, (_, t) => {
      const name =
        t === n - 1 && s % 3 === 0
          ? pick(SHARED_TOOL_NAMES)
          : `${base.replace(/-/g, '_')}_${pick(WORDS)}_${t}`;
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      const params = int(1, 5);
      for (let k = 0; k < params; k++) {
        const pname = `${pick(WORDS)}_${k}`;
        properties[pname] = parameter(paramIndex++);
        if (k === 0 || rand() < 0.2) required.push(pname);
      }
      const tool: Record<string, unknown> = {
        name,
        description: sentence(),
        inputSchema: {
          type: 'object',
          properties,
          required,
          ...(rand() < 0.5 ? { additionalProperties: false } : {}),
        },
      };
      if (rand() < 0.3)
        tool.annotations = { readOnlyHint: rand() < 0.5, destructiveHint: false, openWorldHint: true };
      return tool;
    });
    const status = s % 50 === 7 ? 'offline' : 'online';
    return { id, status, tools };
  });
  return { servers };
}
