// The packages as a developer adopting them gets them: every package packed with `npm pack`, installed
// from the tarballs into folders outside the repository (nothing there can reach the workspace), with a
// fresh npm cache and the npm registry as the only source. Needs a build (`npm run test:dist` makes it).
//   1. `formrequest` alone, with CC=/bin/false and CXX=/bin/false: no native addon is built or needed;
//      `npx formrequest serve` answers tools/list and a seed example's tools/call from the SDK client
//      over stdio (and on every other Node line given in FORMREQUEST_NODES); `check`, `ask`, `question`,
//      `skill` and `spec` run (the terminal verbs with no terminal); `demo` says what to install.
//   2. + @formrequest/host, again with no compiler: nothing runs an install script, and `formrequest
//      demo` (SQLite through Node's built-in node:sqlite) serves its page and the renderer bundle on
//      this Node and on every other line given.
//   3. A Vite + TypeScript app imports @formrequest/web: it type-checks (strict, skipLibCheck off, JSX
//      included) and builds; importing only types and helpers bundles no renderer.
//   4. A Vite + React app on @formrequest/react (with web and schema): type-checks strict, builds; in
//      Chromium it renders seed example 1 with <FormRequest>, validates, submits {values, message}; the
//      form's first load (the entry and its static imports, React in its own chunk) is measured and held
//      to issue 27's target, 17 KB (docs/benchmarks.md).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { launchBrowser } from '../../testing/browser.ts';
import { packAll } from '../pack.mjs';

const root = resolve(import.meta.dirname, '../..');
// Exact versions of what the app under test installs from the registry.
const VITE = 'vite@8.3.8';
const TYPESCRIPT = 'typescript@7.0.2';
const TYPES_REACT = '@types/react@19.3.0';
const REACT = ['react@19.3.1', 'react-dom@19.3.1', '@types/react-dom@19.3.0'];

const work = mkdtempSync(join(tmpdir(), 'formrequest-install-'));
const cache = join(work, 'npm-cache');
const timings = {};
let tarballs;
const version = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')).version;
const tarball = (name) => tarballs.find((p) => p.name === name).file;

/** The environment of a developer's shell: none of this repository's npm settings, a fresh cache. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return { ...env, npm_config_cache: cache, npm_config_audit: 'false', npm_config_fund: 'false', ...extra };
}

function npm(args, cwd, env = cleanEnv()) {
  const started = performance.now();
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  assert.equal(r.status, 0, `npm ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return { seconds, out: r.stdout };
}

function newApp(name, manifest = {}) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, ...manifest }, null, 2));
  return dir;
}

/** Bytes and package count of an app's node_modules. */
function footprint(dir) {
  let bytes = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) bytes += statSync(p).size;
    }
  };
  walk(join(dir, 'node_modules'));
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  // The lock may also list optional packages that were left out (another platform's): count what is on disk.
  const packages = Object.keys(lock.packages).filter((k) => k && existsSync(join(dir, k))).length;
  return { bytes, packages };
}

/** Writes `text` to `file` under `dir`, making its folders. */
function writeIn(dir) {
  return (file, text) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
}

/** A consumer's strict tsconfig for a Vite app (JSX, no skipLibCheck: our .d.ts files are checked too). */
function strictTsconfig(extra = {}) {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
      ...extra,
    },
    include: ['src'],
  });
}

/** Other Node binaries to run the installed command with: FORMREQUEST_NODES, path-separated. */
const otherNodes = (process.env.FORMREQUEST_NODES ?? '').split(delimiter).filter(Boolean);

before(() => {
  tarballs = packAll(join(work, 'tarballs'));
  // The eight packages users install, and @formrequest/internal, the plumbing they share (published
  // because they depend on it at run time; no stability promise of its own).
  assert.equal(tarballs.length, 9);
});

after(() => {
  const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
  console.log('# install figures:');
  for (const [what, t] of Object.entries(timings))
    console.log(
      `#   ${what}: ${t.seconds.toFixed(1)} s${t.bytes ? `, ${t.packages} packages, ${mb(t.bytes)}` : ''}`,
    );
  if (!process.env.FORMREQUEST_KEEP_INSTALL) rmSync(work, { recursive: true, force: true });
});

const cli = () => join(work, 'cli');

test('formrequest installs with no C/C++ compiler, and without the host', () => {
  const dir = newApp('cli');
  // Every sibling the command depends on, as tarballs (they are not on the registry); not the web
  // renderer, which the server ships bundled: an install that needed it would fail here.
  const names = ['formrequest', '@formrequest/schema', '@formrequest/server'];
  names.push('@formrequest/terminal', '@formrequest/skills', '@formrequest/internal');
  const { seconds } = npm(
    ['install', ...names.map(tarball)],
    dir,
    cleanEnv({ CC: '/bin/false', CXX: '/bin/false' }),
  );
  timings['formrequest (serve), clean cache, CC=/bin/false'] = { seconds, ...footprint(dir) };
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const installed = Object.keys(lock.packages);
  assert.ok(!installed.some((p) => p.endsWith('/@formrequest/host')), 'the host is not installed');
  assert.ok(!installed.some((p) => p.endsWith('/@formrequest/web')), 'the web renderer is not installed');
  assert.ok(
    !installed.some((p) => lock.packages[p].hasInstallScript),
    `no package runs an install script: ${installed.filter((p) => lock.packages[p].hasInstallScript)}`,
  );
});

test('npx formrequest: --version, check, and demo naming what to install', () => {
  const run = (...args) =>
    spawnSync('npx', ['formrequest', ...args], { cwd: cli(), env: cleanEnv(), encoding: 'utf8' });
  const v = run('--version');
  assert.equal(v.status, 0, v.stderr);
  assert.equal(v.stdout.trim(), version);
  const check = run('check', join(root, 'examples/forms/example1-project.json'));
  assert.equal(check.status, 0, check.stderr);
  const demo = run('demo', '--port', '0');
  assert.equal(demo.status, 1);
  assert.match(
    demo.stderr,
    /@formrequest\/host, which is not installed\. Install it: npm install @formrequest\/host@/,
  );
});

// A one-server catalog for `skill` and `spec`, written into the app's folder.
const CATALOG = `servers:
  - id: notes
    status: online
    description: Keeps short notes
    tools:
      - name: add_note
        description: Add a note with a title and a body. Use it when the person asks to remember something.
        inputSchema:
          type: object
          required: [title]
          properties:
            title: { type: string, description: The note's title, maxLength: 80 }
            body: { type: string, description: The note's text }
`;

test('npx formrequest: ask, question, skill and spec run from the install (no native addon)', () => {
  // setsid: a new session with no controlling terminal, as under a CI runner or an agent's shell.
  const run = (args, input) =>
    spawnSync('setsid', ['-w', 'npx', 'formrequest', ...args], {
      cwd: cli(),
      env: cleanEnv(),
      encoding: 'utf8',
      input,
    });
  const form = readFileSync(join(root, 'examples/forms/example1-project.json'), 'utf8');

  const ask = run(['ask', '-', '--locale', 'en'], form);
  assert.equal(ask.status, 4, `ask with no terminal exits 4 (NO_UI):\n${ask.stdout}${ask.stderr}`);
  assert.match(ask.stderr, /No interactive UI is available/);
  const badForm = run(
    ['ask', '-', '--locale', 'en'],
    JSON.stringify({ title: 'T', fields: [{ name: 'x' }] }),
  );
  assert.equal(badForm.status, 2, `ask with a broken form exits 2:\n${badForm.stdout}${badForm.stderr}`);
  assert.match(badForm.stderr, /field\[0\] has no type/);

  const question = run([
    'question',
    join(root, 'examples/questions/single.json'),
    '--json',
    '--locale',
    'en',
  ]);
  assert.equal(
    question.status,
    4,
    `question with no terminal exits 4:\n${question.stdout}${question.stderr}`,
  );
  const result = JSON.parse(question.stdout);
  assert.equal(result.details.error.code, 'NO_UI', question.stdout);
  assert.match(result.content[0].text, /^Error \[NO_UI\]: No interactive UI is available/);

  writeFileSync(join(cli(), 'catalog.yaml'), CATALOG);
  const skill = run(['skill', 'catalog.yaml', '--stdout']);
  assert.equal(skill.status, 0, skill.stderr);
  assert.match(skill.stdout, /^---\nname: notes\n/);
  assert.match(skill.stdout, /### add_note\n/);
  assert.match(skill.stdout, /`title`\* \(string\): The note's title \[maxLength: 80\]/);
  const spec = run(['spec', 'catalog.yaml']);
  assert.equal(spec.status, 0, spec.stderr);
  assert.match(spec.stdout, /^---\napp_name: notes\ntool_count: 1\n/);
  assert.match(spec.stdout, /title: z\.string\(\)\.max\(80\) \(required\)/);
  assert.match(spec.stderr, /add_note: annotations readOnlyHint/, 'the lint finding is on stderr');
});

/**
 * Runs `command` (a shell line) on a pseudo-terminal (util-linux `script`), typing each step's keys
 * once the screen shows its `after` text; resolves with the exit code once the command ends.
 */
function onTerminal(command, steps, cwd) {
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd,
    env: cleanEnv({ TERM: 'xterm-256color' }),
  });
  let screen = '';
  let seen = 0;
  child.stdout.on('data', (chunk) => {
    screen += chunk;
    while (steps.length) {
      const m = steps[0].after.exec(screen.slice(seen));
      if (!m) break;
      seen += m.index + m[0].length;
      child.stdin.write(steps.shift().keys);
    }
  });
  return new Promise((ok, fail) =>
    child.once('exit', (code) => {
      child.stdin.end();
      if (steps.length)
        fail(new Error(`exited ${code} before the screen showed ${steps[0].after}:\n${screen}`));
      else ok(code);
    }),
  );
}

test('npx formrequest ask on a terminal: a typed answer comes out as the answers JSON', async () => {
  const form = {
    title: 'Install test',
    locale: 'en',
    fields: [{ name: 'name', type: 'text', label: 'Name', required: true }],
  };
  writeFileSync(join(cli(), 'ask-form.json'), JSON.stringify(form));
  const code = await onTerminal(
    'npx formrequest ask ask-form.json > ask-answers.json',
    [
      { after: /Name/, keys: 'install-test\r' },
      { after: /Submit/, keys: '\r' },
    ],
    cli(),
  );
  assert.equal(code, 0);
  assert.deepEqual(JSON.parse(readFileSync(join(cli(), 'ask-answers.json'), 'utf8')), {
    name: 'install-test',
  });
});

async function listAndCall(command, args) {
  const client = new Client({ name: 'install-test', version: '1.0.0' });
  const transport = new StdioClientTransport({ command, args, cwd: cli(), env: cleanEnv(), stderr: 'pipe' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['question', 'request_form']);
    const form = JSON.parse(readFileSync(join(root, 'examples/forms/example1-project.json'), 'utf8'));
    const result = await client.callTool({ name: 'request_form', arguments: { form_schema: form } });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.match(result.content[0].text, new RegExp(form.title));
    assert.equal(result.structuredContent?.type, 'form_request');
  } finally {
    await client.close();
  }
}

// The SDK client here shows no form itself (no Apps, no elicitation): it stands for a host that draws
// request_form from the tool call and says so, so the seed's waiting result comes back.
test('npx formrequest serve answers tools/list and a seed example over stdio (SDK client)', async () => {
  await listAndCall('npx', ['formrequest', 'serve', '--host-renders-forms']);
});

for (const node of otherNodes) {
  const line = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  test(`formrequest serve on Node ${line}`, async () => {
    await listAndCall(node, [
      join(cli(), 'node_modules/formrequest/bin/formrequest.js'),
      'serve',
      '--host-renders-forms',
    ]);
  });
}

/** Starts `formrequest demo` with `command args`, checks its page and the renderer bundle, stops it. */
async function demoServesItsPage(command, args) {
  const child = spawn(
    command,
    [...args, 'demo', '--port', '0', '--db', join(work, `demo-${Date.now()}.db`)],
    {
      cwd: cli(),
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stopping it stops npx's child too (npx does not pass SIGTERM on).
      detached: true,
    },
  );
  try {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
    });
    const url = await new Promise((ok, fail) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
        const m = /^(http:\/\/\S+)$/m.exec(out);
        if (m) ok(new URL(m[1]).origin);
      });
      child.once('exit', (code) => fail(new Error(`demo exited ${code}:\n${err}`)));
    });
    const page = await fetch(`${url}/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await page.text(), /formrequest/i);
    const bundle = await fetch(`${url}/formrequest.js`);
    assert.equal(bundle.status, 200);
    assert.match(await bundle.text(), /form-request/);
  } finally {
    const exited = new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

test('with @formrequest/host added, still no compiler: nothing is built and demo serves its page', async () => {
  const { seconds } = npm(
    ['install', tarball('@formrequest/host'), tarball('@formrequest/web')],
    cli(),
    cleanEnv({ CC: '/bin/false', CXX: '/bin/false' }),
  );
  timings['+ @formrequest/host (demo), CC=/bin/false'] = { seconds, ...footprint(cli()) };
  const lock = JSON.parse(readFileSync(join(cli(), 'package-lock.json'), 'utf8'));
  const scripted = Object.keys(lock.packages).filter((p) => lock.packages[p].hasInstallScript);
  assert.deepEqual(scripted, [], 'no package runs an install script');
  await demoServesItsPage('npx', ['formrequest']);
});

for (const node of otherNodes) {
  const line = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  test(`formrequest demo on Node ${line} (node:sqlite, nothing compiled)`, async () => {
    await demoServesItsPage(node, [join(cli(), 'node_modules/formrequest/bin/formrequest.js')]);
  });
}

test('a Vite + TypeScript app imports @formrequest/web: strict type-check, JSX, build, no renderer for types', () => {
  const dir = newApp('web-app', { type: 'module' });
  const { seconds } = npm(
    ['install', tarball('@formrequest/web'), tarball('@formrequest/schema'), VITE, TYPESCRIPT, TYPES_REACT],
    dir,
  );
  timings['Vite + TypeScript app with @formrequest/web'] = { seconds };
  const write = writeIn(dir);
  write('tsconfig.json', strictTsconfig());
  write(
    'index.html',
    '<!doctype html><div id="app"></div><script type="module" src="/src/main.ts"></script>\n',
  );
  write(
    'src/main.ts',
    `import { type FormSchema, renderForm } from '@formrequest/web';
import '@formrequest/web/element';

const schema: FormSchema = {
  title: 'Install test',
  fields: [{ name: 'name', type: 'text', label: 'Name', required: true }],
};
// @ts-expect-error: 'colour' is not one of the 18 field types
const wrong: FormSchema = { title: 'T', fields: [{ name: 'x', type: 'colour', label: 'X' }] };
void wrong;

const form = renderForm(document.querySelector<HTMLElement>('#app')!, schema, {
  locale: 'en',
  onSubmit: (values, message) => console.log(values, message.length),
});
form.validate();

const el = document.createElement('form-request');
el.schema = schema;
el.addEventListener('formrequest-submit', (event) => console.log(event.detail.values, event.detail.message));
el.addEventListener('formrequest-cancel', (event) => console.log(event.detail.message));
document.body.append(el);
`,
  );
  write(
    'src/jsx-check.tsx',
    `import type {} from '@formrequest/web/jsx';
import type { FormSchema } from '@formrequest/web';

export function View(props: { schema: FormSchema }) {
  return <form-request schema={props.schema} locale="en" draft-key="x" />;
}
// @ts-expect-error: theme is 'light' or 'dark'
export const Bad = () => <form-request theme="blue" />;
`,
  );
  write(
    'src/bundle-check.ts',
    `import { renderForm } from '@formrequest/web/formrequest.js';
import type { FormRequestElement } from '@formrequest/web';
export const draw = (el: HTMLElement, host: FormRequestElement) => renderForm(el, host.schema!);
`,
  );
  write(
    'src/types-only.ts',
    "import '@formrequest/web';\nimport type { FormSchema } from '@formrequest/web';\nexport const form: FormSchema = { title: 'T', fields: [] };\n",
  );

  const tsc = spawnSync('npx', ['tsc', '-p', '.'], { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
  assert.equal(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
  const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: dir,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  assert.equal(vite.status, 0, `vite build:\n${vite.stdout}${vite.stderr}`);
  const assets = readdirSync(join(dir, 'dist/assets')).filter((f) => f.endsWith('.js'));
  const js = assets.map((f) => readFileSync(join(dir, 'dist/assets', f), 'utf8')).join('\n');
  assert.match(js, /form-request/, 'the element is defined in the built app');

  // sideEffects: a bare import of the library entry and its types bundle to nothing of the renderer,
  // while the element entry brings it all (rolldown, Vite's bundler, run on its own).
  const bundle = (entry) => {
    const r = spawnSync('npx', ['rolldown', entry, '--format', 'esm', '--minify', '--platform', 'browser'], {
      cwd: dir,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  const typesOnly = bundle('src/types-only.ts');
  assert.ok(
    typesOnly.length < 200,
    `a types-only import bundles ${typesOnly.length} bytes:\n${typesOnly.slice(0, 300)}`,
  );
  write('src/element-only.ts', "import '@formrequest/web/element';\n");
  assert.ok(bundle('src/element-only.ts').length > 10_000, 'the element entry keeps its side effect');
});

test('a Vite + React app renders seed example 1 with <FormRequest>: strict types, validates, submits, first load measured', async () => {
  const dir = newApp('react-app', { type: 'module' });
  const names = ['@formrequest/react', '@formrequest/web', '@formrequest/schema'];
  const { seconds } = npm(['install', ...names.map(tarball), ...REACT, VITE, TYPESCRIPT, TYPES_REACT], dir);
  timings['Vite + React app with @formrequest/react'] = { seconds };
  const write = writeIn(dir);
  write('tsconfig.json', strictTsconfig());
  // React in a chunk of its own, so the form's first load is measured apart from the framework.
  write(
    'vite.config.js',
    `export default { build: { rollupOptions: { output: { manualChunks: (id) => (/node_modules\\/(react|react-dom|scheduler)\\//.test(id) ? 'react' : undefined) } } } };\n`,
  );
  write(
    'index.html',
    '<!doctype html><div id="app"></div><script type="module" src="/src/main.tsx"></script>\n',
  );
  // The form arrives at run time, as an agent's forms do (so it is not in the app's code).
  write('public/example1.json', readFileSync(join(root, 'examples/forms/example1-project.json'), 'utf8'));
  write(
    'src/main.tsx',
    `import { FormRequest, type FormController, type FormSchema } from '@formrequest/react';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';

const ref = createRef<FormController | null>();
declare global {
  interface Window { answer?: { values: Record<string, unknown>; message: string }; form: typeof ref }
}
window.form = ref;
// No top-level await: with it, rolldown moves the modules the entry shares with the on-demand chunks
// into chunks of their own (six requests, 1.6 KB more gzip).
fetch('/example1.json')
  .then((response) => response.json())
  .then((schema: FormSchema) =>
    createRoot(document.getElementById('app')!).render(
      <FormRequest
        ref={ref}
        schema={schema}
        onSubmit={(values, message) => { window.answer = { values, message }; }}
        onCancel={(message: string) => console.log(message)}
      />,
    ),
  );
const schema: FormSchema = { title: 'T', fields: [] };
// @ts-expect-error: schema is required
export const Missing = () => <FormRequest />;
// @ts-expect-error: locale is 'ja' or 'en'
export const Wrong = () => <FormRequest schema={schema} locale="fr" />;
`,
  );
  const tsc = spawnSync('npx', ['tsc', '-p', '.'], { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
  assert.equal(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
  const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: dir,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  assert.equal(vite.status, 0, `vite build:\n${vite.stdout}${vite.stderr}`);

  // The first load: the entry script of index.html and the chunks it preloads, React's apart.
  const html = readFileSync(join(dir, 'dist/index.html'), 'utf8');
  const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const form = first.filter((f) => !/\/react-[\w-]+\.js$/.test(f));
  const formGz = form.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(dir, 'dist', f)), { level: 9 }).length,
    0,
  );
  console.log(`# React app: the form's first load ${formGz} B gzip (${form.join(', ')}); React apart`);
  assert.ok(form.length >= 1 && first.length > form.length, `React in its own chunk: ${first}`);
  // Issue 27's target: 17 KB (17,408 B). The catalog's words live in their own module
  // (catalog-docs.ts), which no browser code imports, so the app's chunk carries only the catalog's facts.
  const budget = 17 * 1024;
  assert.ok(formGz <= budget, `the form's first load is ${formGz} B gzip, over ${budget} B`);

  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.route('http://react-app.test/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = join(dir, 'dist', path === '/' ? 'index.html' : path);
      const type = file.endsWith('.html')
        ? 'text/html'
        : file.endsWith('.json')
          ? 'application/json'
          : 'text/javascript';
      return existsSync(file)
        ? route.fulfill({ contentType: type, body: readFileSync(file, 'utf8') })
        : route.fulfill({ status: 404 });
    });
    await page.goto('http://react-app.test/');
    await page.getByRole('button', { name: '送信' }).click();
    await page.getByLabel('プロジェクト名').and(page.locator('[aria-invalid="true"]')).waitFor();
    assert.equal(await page.evaluate(() => window.answer), undefined, 'the required field stops submit');
    await page.getByLabel('プロジェクト名').fill('my-web-app');
    await page.getByRole('checkbox', { name: '認証' }).check();
    await page.getByRole('button', { name: '送信' }).click();
    await page.waitForFunction(() => window.answer);
    const values = { project_name: 'my-web-app', language: 'python', features: ['auth'] };
    assert.deepEqual(await page.evaluate(() => window.answer), {
      values,
      message: JSON.stringify(values, null, 2),
    });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
