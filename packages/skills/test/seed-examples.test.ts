// Seed 003's example outputs, byte for byte: the meshy catalog (given in full in the seed) through
// lazy mode and full mode, and the flux example's parameter lines (full mode) and data (lazy mode).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { checkCatalog, lazyYaml, parseCatalogText, toolSection } from '@formrequest/skills';
import { parse } from 'yaml';
import { toolOf } from './support/catalog.ts';

const repo = resolve(import.meta.dirname, '../../..');
const meshyCatalog = checkCatalog(
  parseCatalogText(readFileSync(resolve(repo, 'examples/catalogs/meshy.yaml'), 'utf8')),
);
const meshy = meshyCatalog.servers[0]!.tools;

// Copied from seed 003, section 変換結果 / Lazyモード出力（YAML）.
const SEED_MESHY_LAZY = `meshy_v5_remesh_submit:
  description: Submit remeshing request for 3D model
  required:
    - model_url
  parameters:
    model_url:
      type: string
      description: URL or base64 data URI of 3D model

    target_polycount:
      type: number
      description: Target polygon count
      default: 30000
      minimum: 1000

    topology:
      type: string
      description: Mesh topology type
      default: triangle
      enum:
        - quad
        - triangle

    target_formats:
      type: array
      description: Output formats
      items:
        enum:
          - glb
          - fbx
          - obj
          - usdz
          - stl
`;

// Copied from seed 003, section 変換結果 / 通常モード出力（SKILL.md）.
const SEED_MESHY_FULL = `### meshy_v5_remesh_submit
Submit remeshing request for 3D model

**Parameters:**
  - \`model_url\`* (string): URL or base64 data URI of 3D model
  - \`target_polycount\` (number): Target polygon count [default: 30000, min: 1000]
  - \`topology\` (string): Mesh topology type [default: triangle, options: ['quad', 'triangle']]
  - \`target_formats\` (array): Output formats [options: ['glb', 'fbx', 'obj', 'usdz', 'stl']]`;

// The flux example of seed 003 (出力形式): its tool as a catalog would carry it. The seed does not
// print the flux input; this is the schema its two outputs describe (default after enum, as its YAML shows).
const flux = toolOf({
  name: 'flux_lora_submit',
  description: 'Submit Flux LoRA image generation request',
  inputSchema: {
    type: 'object',
    required: ['prompt'],
    properties: {
      prompt: { type: 'string', description: 'Image prompt' },
      aspect_ratio: {
        type: 'string',
        description: 'Output aspect ratio',
        enum: ['16:9', '4:3', '1:1', '9:16'],
        default: '1:1',
      },
      steps: {
        type: 'integer',
        description: 'Number of inference steps',
        default: 28,
        minimum: 1,
        maximum: 100,
      },
      target_formats: {
        type: 'array',
        description: 'Output formats',
        items: { enum: ['glb', 'fbx', 'obj', 'usdz', 'stl'] },
      },
    },
  },
});

const SEED_FLUX_FULL = `### flux_lora_submit
Submit Flux LoRA image generation request

**Parameters:**
  - \`prompt\`* (string): Image prompt
  - \`aspect_ratio\` (string): Output aspect ratio [default: 1:1, options: ['16:9', '4:3', '1:1', '9:16']]
  - \`steps\` (integer): Number of inference steps [default: 28, min: 1, max: 100]
  - \`target_formats\` (array): Output formats [options: ['glb', 'fbx', 'obj', 'usdz', 'stl']]`;

// Seed 003's flux lazy YAML. It prints one enum in flow style and the meshy example prints the same
// kind of list in block style; one writer cannot do both, so we match meshy byte for byte and flux by data.
const SEED_FLUX_LAZY = `flux_lora_submit:
  description: Submit Flux LoRA image generation request
  required:
    - prompt
  parameters:
    prompt:
      type: string
      description: Image prompt

    aspect_ratio:
      type: string
      description: Output aspect ratio
      enum: ["16:9", "4:3", "1:1", "9:16"]
      default: "1:1"

    steps:
      type: integer
      description: Number of inference steps
      default: 28
      minimum: 1
      maximum: 100

    target_formats:
      type: array
      description: Output formats
      items:
        enum: ["glb", "fbx", "obj", "usdz", "stl"]
`;

test('meshy: lazy YAML is the seed output byte for byte', () => {
  assert.equal(lazyYaml(meshy), SEED_MESHY_LAZY);
});

test('meshy: full-mode section is the seed output byte for byte', () => {
  assert.equal(toolSection(meshy[0]!), SEED_MESHY_FULL);
});

test('flux: full-mode section is the seed output byte for byte', () => {
  assert.equal(toolSection(flux), SEED_FLUX_FULL);
});

test('flux: lazy YAML carries exactly the data of the seed output, in the same key order', () => {
  const ours = parse(lazyYaml([flux]));
  const seed = parse(SEED_FLUX_LAZY);
  assert.deepEqual(ours, seed);
  assert.deepEqual(Object.keys(ours.flux_lora_submit.parameters.aspect_ratio), [
    'type',
    'description',
    'enum',
    'default',
  ]);
  // Strings YAML 1.1 would read as numbers (1:1 is sexagesimal 61 there) are quoted, as the seed quotes them.
  assert.match(lazyYaml([flux]), /default: "1:1"\n/);
});
