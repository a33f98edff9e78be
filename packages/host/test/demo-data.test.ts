import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CITIES, fold, PREFECTURES, searchItems, USERS } from '../src/demo.js';
import type { RunningHost } from '../src/index.js';
import { call, startTestHost } from './helpers.js';

let host: RunningHost;
before(async () => {
  host = await startTestHost();
});
after(() => host.close());

test('all 47 prefectures with JIS codes 01-47, each with cities', () => {
  assert.equal(PREFECTURES.length, 47);
  assert.deepEqual(
    PREFECTURES.map((p) => p.code),
    Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')),
  );
  assert.equal(PREFECTURES[12].name, '東京都');
  assert.equal(PREFECTURES[46].name, '沖縄県');
  for (const p of PREFECTURES)
    assert.ok(
      CITIES.some((c) => c.prefecture_code === p.code),
      `${p.name} has cities`,
    );
  assert.equal(new Set(CITIES.map((c) => c.code)).size, CITIES.length, 'city codes are unique');
  assert.equal(new Set(USERS.map((u) => u.email)).size, USERS.length, 'emails are unique');
});

test('search folds width and case (NFKC + lower case)', () => {
  assert.equal(fold('ＹＡＭＡ'), 'yama');
  const hits = searchItems(USERS, 'ＹＡＭＡＤＡ', ['name', 'name_en', 'email'], 10);
  assert.deepEqual(
    hits.map((u) => u.id),
    ['u001'],
  );
  assert.equal(searchItems(USERS, '', ['name'], 5).length, 5, 'an empty query lists the first items');
  assert.ok(searchItems(USERS, '開発', ['department'], 50).length >= 5);
});

test('the demo endpoints answer the example forms', async () => {
  const users = await call(host, 'GET', `/api/demo/users/search?q=${encodeURIComponent('やまだ')}&limit=10`);
  assert.equal(users.status, 200);
  assert.equal(users.json[0].name, '山田 太郎');
  assert.deepEqual(Object.keys(users.json[0]).sort(), [
    'department',
    'email',
    'id',
    'kana',
    'name',
    'name_en',
  ]);
  const limited = await call(host, 'GET', '/api/demo/users/search?q=&limit=3');
  assert.equal(limited.json.length, 3);
  const projects = await call(host, 'GET', '/api/demo/projects/search?q=api');
  assert.ok(projects.json.some((p: any) => p.key === 'PAY'));
  assert.ok((await call(host, 'GET', '/api/demo/categories')).json.length >= 5);
  const countries = await call(host, 'GET', '/api/demo/countries');
  assert.ok(countries.json.some((c: any) => c.code === 'JP'));
  const prefectures = await call(host, 'GET', '/api/demo/prefectures?country_code=JP');
  assert.equal(prefectures.json.length, 47);
  assert.deepEqual((await call(host, 'GET', '/api/demo/prefectures?country_code=US')).json, []);
  const cities = await call(host, 'GET', '/api/demo/cities?prefecture_code=13');
  assert.ok(cities.json.some((c: any) => c.name === '新宿区' && c.code === '13004'));
  const response = await fetch(`${host.url}/api/demo/countries`);
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
});
