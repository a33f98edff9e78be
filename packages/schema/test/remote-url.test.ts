// One reading of searchUrl / loadUrl (remote-url.ts): backslash, protocol-relative, control-character
// and scheme tricks refused by the checker and by every request builder; private, link-local and
// metadata addresses warned about unless allowed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addressKind,
  buildLoadUrl,
  buildSearchUrl,
  parseRemoteUrl,
  resolveRemoteUrl,
  riskyAddress,
  validateFormSchema,
} from '@formrequest/schema';

const REFUSED: [string, string][] = [
  ['/\\evil.example/x', 'backslash'],
  ['\\\\evil.example/x', 'backslash'],
  ['/api\\..\\x', 'backslash'],
  ['//evil.example/x', 'protocolRelative'],
  ['/\t/evil.example/x', 'control'],
  ['/\n/evil.example', 'control'],
  [' /api', 'control'],
  ['/api/x y', 'control'],
  ['https://evil.example\u0000.ok/x', 'control'],
  ['javascript:alert(1)', 'scheme'],
  ['data:application/json,[]', 'scheme'],
  ['file:///etc/passwd', 'scheme'],
  ['https://trusted.example@evil.example/x', 'credentials'],
  ['https://user:pw@api.example/x', 'credentials'],
  ['http:evil.example/x', 'invalid'],
  ['http:/evil.example/x', 'invalid'],
  ['https://', 'invalid'],
  ['api/users', 'notPath'],
  ['?q=1', 'notPath'],
  ['evil.example/x', 'notPath'],
];

test('tricks are refused, each with its reason; paths and http(s) URLs pass', () => {
  for (const [text, problem] of REFUSED) {
    assert.deepEqual(parseRemoteUrl(text), { ok: false, problem }, JSON.stringify(text));
    assert.throws(
      () => resolveRemoteUrl(text, 'http://127.0.0.1:3000/'),
      /Refused URL/,
      JSON.stringify(text),
    );
  }
  assert.deepEqual(parseRemoteUrl('/api/users?x=1'), { ok: true, kind: 'path', url: '/api/users?x=1' });
  assert.deepEqual(parseRemoteUrl('HTTPS://api.example/v1'), {
    ok: true,
    kind: 'absolute',
    url: 'https://api.example/v1',
  });
  assert.equal(resolveRemoteUrl('/api/x', 'http://127.0.0.1:3000/c/1').href, 'http://127.0.0.1:3000/api/x');
});

test('the checker refuses them with badUrl; the request builders never leave the page for them', () => {
  for (const [text] of REFUSED) {
    const result = validateFormSchema({
      title: 'T',
      fields: [{ name: 'u', type: 'autocomplete', searchUrl: text, displayField: 'n', valueField: 'id' }],
    });
    assert.equal(result.ok, false, JSON.stringify(text));
    assert.ok(
      result.errors.some((e) => e.code === 'badUrl'),
      JSON.stringify(text),
    );
  }
  const en = validateFormSchema({
    title: 'T',
    locale: 'en',
    fields: [
      { name: 'u', type: 'async-select', loadUrl: '/\\evil.example/x', displayField: 'n', valueField: 'id' },
    ],
  });
  assert.match(en.errors[0]!.message, /no backslash, no "\/\/host"/);
  const base = 'http://127.0.0.1:3000/';
  assert.throws(() => buildSearchUrl({ searchUrl: '/\\evil.example/x' }, 'a', base), /backslash/);
  assert.throws(() => buildLoadUrl({ loadUrl: '//evil.example/x' }, base), /another host/);
  assert.equal(buildSearchUrl({ searchUrl: '/api/s' }, 'a b', base), 'http://127.0.0.1:3000/api/s?q=a+b');
});

test('address kinds: metadata, link-local and private warned about; loopback and public not', () => {
  const cases: [string, string | undefined][] = [
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://0xa9fea9fe/', 'metadata'],
    ['http://2852039166/', 'metadata'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://169.254.1.2/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://10.0.0.5/api', 'private'],
    ['http://172.20.1.1/api', 'private'],
    ['http://192.168.1.10/api', 'private'],
    ['http://[fc00::1]/', 'private'],
    ['http://[::ffff:10.0.0.1]/', 'private'],
    ['http://127.0.0.1:3000/api', undefined],
    ['http://localhost:3000/api', undefined],
    ['http://[::1]/', undefined],
    ['https://api.example.com/x', undefined],
    ['http://172.32.0.1/', undefined],
    ['/api/x', undefined],
  ];
  for (const [url, kind] of cases) assert.equal(riskyAddress(url), kind, url);
  assert.equal(addressKind('127.0.0.2'), 'loopback');
});

test('the checker warns (never refuses) for such addresses, unless allowed or listed', () => {
  const form = {
    title: 'T',
    fields: [
      {
        name: 'u',
        type: 'autocomplete',
        searchUrl: 'http://169.254.169.254/x',
        displayField: 'n',
        valueField: 'id',
      },
    ],
  };
  const warned = validateFormSchema(form);
  assert.equal(warned.ok, true);
  const warning = warned.warnings.find((w) => w.code === 'privateUrl');
  assert.ok(warning);
  assert.match(warning.message, /^警告: .*メタデータ/);
  assert.equal(warning.path, 'fields[0].searchUrl');
  assert.equal(validateFormSchema(form, { allowPrivateUrls: true }).warnings.length, 0);
  assert.equal(
    validateFormSchema(form, { allowPrivateUrls: ['http://169.254.169.254/x'] }).warnings.length,
    0,
  );
  assert.equal(validateFormSchema(form, { allowPrivateUrls: ['http://10.0.0.1/'] }).warnings.length, 1);
});
