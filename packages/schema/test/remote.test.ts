import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  buildDependentUrl,
  buildSearchUrl,
  extractItems,
  itemValue,
  optionLabel,
  optionText,
  renderTemplate,
  resolveDateBound,
  shortenSuggestion,
} from '@formrequest/schema';

test('searchParams with {query}, or ?q= without them (seed 000)', () => {
  const field = {
    searchUrl: 'https://api.example.com/users/search',
    searchParams: { q: '{query}', limit: 10 },
  };
  assert.equal(
    buildSearchUrl(field, '山田 & co'),
    'https://api.example.com/users/search?q=%E5%B1%B1%E7%94%B0+%26+co&limit=10',
  );
  assert.equal(
    buildSearchUrl({ searchUrl: '/api/demo/users/search' }, 'ab', 'http://127.0.0.1:3000/chat'),
    'http://127.0.0.1:3000/api/demo/users/search?q=ab',
  );
  assert.equal(
    buildSearchUrl({ searchUrl: '/s?x=1', searchParams: { term: 'name:{query}*' } }, 'a', 'http://h/'),
    'http://h/s?x=1&term=name%3Aa*',
  );
  assert.equal(
    buildDependentUrl(
      { searchUrl: '/api/demo/prefectures', dependsOnParam: 'country_code' },
      'JP',
      'http://h/',
    ),
    'http://h/api/demo/prefectures?country_code=JP',
  );
});

test('templates fill {field} as text; missing keys become empty', () => {
  const item = { id: 7, name: '山田 太郎', email: '<b>x</b>@example.com', department: null };
  assert.equal(renderTemplate('{name} ({email})', item), '山田 太郎 (<b>x</b>@example.com)');
  assert.equal(renderTemplate('{name} ({department}) {nope}', item), '山田 太郎 () ');
  assert.equal(
    optionText({ displayField: 'name', valueField: 'id', renderTemplate: '#{id} {name}' }, item),
    '#7 山田 太郎',
  );
  assert.equal(optionText({ displayField: 'name', valueField: 'id' }, item), '山田 太郎');
  assert.equal(
    optionLabel({ displayField: 'name', valueField: 'id', renderTemplate: '#{id}' }, item),
    '山田 太郎',
  );
  assert.equal(itemValue({ displayField: 'name', valueField: 'id' }, item), 7);
  assert.equal(renderTemplate('{__proto__}{constructor}', {}), '');
});

test('search responses: an array, or an object holding items/results/data; anything else is null', () => {
  assert.deepEqual(extractItems([{ a: 1 }, 2, null]), [{ a: 1 }]);
  assert.deepEqual(extractItems({ results: [{ a: 1 }] }), [{ a: 1 }]);
  assert.equal(extractItems({ error: 'x' }), null);
  assert.equal(extractItems('text'), null);
});

test('suggestions are shortened to 30 characters plus "..."', () => {
  const long = 'ユーザー認証機能を持つWebアプリケーション。JWT認証、ソーシャルログイン対応。';
  assert.equal(shortenSuggestion(long), `${Array.from(long).slice(0, 30).join('')}...`);
  assert.equal(shortenSuggestion('my-app'), 'my-app');
});

test('date bounds: today, +Ndays, -Ndays, ISO, across month ends', () => {
  const now = new Date(2026, 0, 31, 23, 30);
  assert.equal(resolveDateBound('today', now), '2026-01-31');
  assert.equal(resolveDateBound('+1days', now), '2026-02-01');
  assert.equal(resolveDateBound('+30days', now), '2026-03-02');
  assert.equal(resolveDateBound('-31days', now), '2025-12-31');
  assert.equal(resolveDateBound('2026-02-28', now), '2026-02-28');
  assert.equal(resolveDateBound('2026-02-29', now), null);
  assert.equal(resolveDateBound('next week', now), null);
});
