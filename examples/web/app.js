// The example page: renders the seed's three example forms and the all-types form with renderForm(),
// against the sample search API of server.ts. The seed's forms use https://api.example.com/...;
// here those URLs are pointed at the local /api/demo/... endpoints before rendering.
import { renderForm } from '/formrequest.js';

const FORMS = [
  ['example1-project.json', '例1: プロジェクト作成'],
  ['example2-assign.json', '例2: 担当者アサイン'],
  ['example3-address.json', '例3: 住所入力'],
  ['all-types.json', '全18タイプ'],
];
const nav = document.querySelector('nav');
const out = document.getElementById('out');
const en = document.getElementById('en');
let form;
let current = FORMS[0][0];

async function show(file) {
  current = file;
  for (const b of nav.children) b.setAttribute('aria-pressed', String(b.dataset.file === file));
  const text = await (await fetch(`/forms/${file}`)).text();
  const schema = JSON.parse(text.replaceAll('https://api.example.com/', '/api/demo/'));
  form?.destroy();
  form = renderForm(document.getElementById('app'), schema, {
    locale: en.checked ? 'en' : 'ja',
    draftKey: `example:${file}`,
    onSubmit: (_values, message) => {
      out.textContent = message;
    },
    onCancel: (message) => {
      out.textContent = message;
    },
  });
}

for (const [file, title] of FORMS) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.file = file;
  b.textContent = title;
  b.addEventListener('click', () => show(file));
  nav.append(b);
}
en.addEventListener('change', () => show(current));
show(current);
