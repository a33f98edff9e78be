// Our form page beside SurveyJS's default theme, for the same form (seed example 1), both rendered in
// real Chromium at 390 and 1280 px, light and dark: SurveyJS Form Library (survey-core + survey-js-ui,
// pinned dev dependencies) with its default theme as shipped (its `default-dark` theme for dark, as its
// default theme is light only), the questions set up the way a SurveyJS author would write them.
// Each pair is composed into one picture in .tmp/screenshots/side-by-side/ (the tests' artefacts);
// with UPDATE_DOCS_SHOTS=1 the 390 px pairs are also written to docs/looks/ for docs/looks.md.
// It measures what the docs state: the bytes each side sends a browser (gzip) and the height each
// takes for the same form at each width, and holds what must stay true: both render every question,
// neither sideways-scrolls on a phone, and ours sends less.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { FormSchema } from '@formrequest/schema';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newTestContext, wholePageScreenshot } from '../../../testing/browser.ts';
import { ensureFormPage } from './fixtures/form-page-build.ts';
import { exampleForm } from './support.ts';

const require = createRequire(import.meta.url);
// The packages' browser builds, read from their folders (their exports name only the module entries).
const read = (pkg: string, file: string) =>
  readFileSync(resolve(dirname(require.resolve(pkg)), file), 'utf8');
const SURVEY = {
  core: read('survey-core', 'survey.core.min.js'),
  i18n: read('survey-core', 'survey.i18n.min.js'),
  ui: read('survey-js-ui', 'survey-js-ui.min.js'),
  css: read('survey-core', 'survey-core.min.css'),
  dark: read('survey-core', 'themes/default-dark.min.js'),
};
const ROOT = resolve(import.meta.dirname, '../../..');
const SHOTS = resolve(ROOT, '.tmp/screenshots/side-by-side');
const DOCS = resolve(ROOT, 'docs/looks');

// Seed example 1 (examples/forms/example1-project.json) as a SurveyJS author would set it up: its two
// sections as panels, the pattern as a regex validator, the select as a dropdown with its default.
const EXAMPLE1_SURVEY = {
  title: '新規プロジェクト作成',
  description: 'プロジェクトの基本情報を入力してください',
  locale: 'ja',
  elements: [
    {
      type: 'panel',
      name: 'basics',
      title: '基本情報',
      elements: [
        {
          type: 'text',
          name: 'project_name',
          title: 'プロジェクト名',
          isRequired: true,
          validators: [
            { type: 'regex', regex: '^[a-z0-9-]+$', text: '小文字英数字とハイフンのみ使用可能です' },
          ],
        },
        {
          type: 'dropdown',
          name: 'language',
          title: '言語',
          defaultValue: 'python',
          choices: [
            { value: 'python', text: 'Python' },
            { value: 'typescript', text: 'TypeScript' },
            { value: 'go', text: 'Go' },
          ],
        },
      ],
    },
    {
      type: 'panel',
      name: 'details',
      title: '詳細設定',
      elements: [
        {
          type: 'checkbox',
          name: 'features',
          title: '機能',
          choices: [
            { value: 'auth', text: '認証' },
            { value: 'db', text: 'DB連携' },
            { value: 'api', text: 'REST API' },
          ],
        },
        { type: 'comment', name: 'description', title: '説明', rows: 3 },
      ],
    },
  ],
};

const surveyPage = (dark: boolean) =>
  '<!doctype html><html lang="ja"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>SurveyJS</title>' +
  `<style>body{margin:0}${SURVEY.css}</style></head><body><div id="survey"></div>` +
  `<script>${SURVEY.core}</script><script>${SURVEY.i18n}</script><script>${SURVEY.ui}</script>` +
  (dark ? `<script>${SURVEY.dark}</script>` : '') +
  `<script>const model = new Survey.Model(${JSON.stringify(EXAMPLE1_SURVEY)});` +
  (dark ? 'model.applyTheme(SurveyTheme.DefaultDark);' : '') +
  "SurveyUI.renderSurvey(model, document.getElementById('survey'));</script></body></html>";

let http: RunningHttpServer;
let browser: Browser;
before(async () => {
  ensureFormPage();
  http = await startHttpServer({ port: 0 });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await http?.close();
});

/** The page's full height and whether it scrolls sideways. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }));

/** Two screenshots side by side with a caption over each, as one PNG. */
async function compose(
  page: Page,
  left: Buffer,
  right: Buffer,
  width: number,
  dark: boolean,
): Promise<Buffer> {
  const img = (png: Buffer, caption: string) =>
    `<figure><figcaption>${caption}</figcaption><img src="data:image/png;base64,${png.toString('base64')}"></figure>`;
  await page.setViewportSize({ width: width * 2 + 48, height: 600 });
  await page.setContent(
    '<!doctype html><html><head><style>' +
      `body{margin:0;padding:16px;display:flex;gap:16px;align-items:flex-start;background:${dark ? '#000' : '#ddd'};` +
      `font:600 14px system-ui;color:${dark ? '#eee' : '#111'}}figure{margin:0}figcaption{margin:0 0 8px}` +
      'img{display:block;outline:1px solid #8888}</style></head><body>' +
      img(left, 'formrequest: the form page') +
      img(right, 'SurveyJS Form Library, default theme') +
      '</body></html>',
  );
  await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
  return wholePageScreenshot(page);
}

test('seed example 1 beside SurveyJS default theme at 390 and 1280, light and dark; bytes and heights', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const docs = process.env.UPDATE_DOCS_SHOTS === '1';
  if (docs) mkdirSync(DOCS, { recursive: true });
  const base = http.url.replace('/mcp', '');
  const form = await http.forms.open({
    schema: exampleForm('example1-project.json') as FormSchema,
    serverName: 'form',
  });
  const context = await newTestContext(browser);
  const rows: string[] = [];
  try {
    const ours = await context.newPage();
    const sheet = await context.newPage();
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        const theirs = await context.newPage();
        theirs.on('pageerror', (e) => problems.push(e.message));
        const size = { width, height: width < 600 ? 844 : 800 };
        for (const p of [ours, theirs]) {
          await p.setViewportSize(size);
          await p.emulateMedia({ colorScheme: scheme });
        }
        await ours.goto(`${base}/forms/${form.id}`);
        await ours.locator('.fr-title').waitFor();
        await theirs.setContent(surveyPage(scheme === 'dark'));
        await theirs.locator('.sd-root-modern').waitFor({ state: 'attached' });
        await theirs.waitForTimeout(300); // its entrance animation
        const [oursText, theirText] = [
          await ours.locator('.fr').textContent(),
          await theirs.locator('.sd-root-modern').textContent(),
        ];
        for (const label of [
          '新規プロジェクト作成',
          '基本情報',
          'プロジェクト名',
          '言語',
          '詳細設定',
          '機能',
          '説明',
        ]) {
          assert.ok(oursText!.includes(label), `ours shows ${label}`);
          assert.ok(theirText!.includes(label), `SurveyJS shows ${label}`);
        }
        const [a, b] = [await measure(ours), await measure(theirs)];
        assert.equal(a.sideways, false, `ours at ${width} scrolls sideways`);
        rows.push(`${width} ${scheme}: height ours ${a.height} px, SurveyJS ${b.height} px`);
        const pair = await compose(
          sheet,
          await wholePageScreenshot(ours),
          await wholePageScreenshot(theirs),
          width,
          scheme === 'dark',
        );
        writeFileSync(resolve(SHOTS, `example1-${width}-${scheme}.png`), pair);
        if (docs && width === 390) writeFileSync(resolve(DOCS, `example1-390-${scheme}.png`), pair);
        await theirs.close();
      }
    }
    assert.deepEqual(problems, [], 'SurveyJS renders without script errors');
  } finally {
    await context.close();
  }
  // What each side sends a browser for this form (gzip -9): our form page's script (the renderer in it)
  // against SurveyJS's core, its UI package and its default theme's stylesheet.
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  const page = readFileSync(resolve(import.meta.dirname, '../dist/form-page.js'), 'utf8');
  const ourBytes = gz(page);
  const theirBytes = gz(SURVEY.core) + gz(SURVEY.ui) + gz(SURVEY.css);
  rows.push(
    `gzip: ours ${ourBytes} B (form page script), SurveyJS ${theirBytes} B (core + UI + theme CSS, without i18n)`,
  );
  console.log(rows.join('\n'));
  assert.ok(ourBytes < theirBytes, rows.at(-1));
});
