// The demo search API the example forms use: /api/demo/users/search, projects/search, categories,
// countries, prefectures?country_code=, cities?prefecture_code=. Read-only fictional data, so any
// origin may read it (a model may be handed the absolute URLs).
import { Hono } from 'hono';
import { CATEGORIES, CITIES, COUNTRIES, PREFECTURES, PROJECTS, searchItems, USERS } from '../demo-data.js';

const MAX_LIMIT = 50;

function limitOf(raw: string | undefined, fallback: number): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_LIMIT) : fallback;
}

export function demoRoutes(): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cache-Control', 'no-store');
  });
  app.get('/users/search', (c) =>
    c.json(
      searchItems(
        USERS,
        c.req.query('q') ?? '',
        ['name', 'name_en', 'kana', 'department', 'email'],
        limitOf(c.req.query('limit'), 10),
      ),
    ),
  );
  app.get('/projects/search', (c) =>
    c.json(searchItems(PROJECTS, c.req.query('q') ?? '', ['name', 'key'], limitOf(c.req.query('limit'), 10))),
  );
  app.get('/categories', (c) => c.json(CATEGORIES));
  app.get('/countries', (c) => c.json(COUNTRIES));
  app.get('/prefectures', (c) => {
    const country = (c.req.query('country_code') ?? 'JP').toUpperCase();
    return c.json(PREFECTURES.filter((p) => p.country_code === country));
  });
  app.get('/cities', (c) => {
    const prefecture = c.req.query('prefecture_code') ?? '';
    return c.json(CITIES.filter((city) => city.prefecture_code === prefecture));
  });
  return app;
}

/** The endpoints as the form server's config lists them in the tool description (absolute URLs). */
export function demoEndpoints(
  origin: string,
): Array<{ purpose: string; url: string; params?: Record<string, string> }> {
  return [
    {
      purpose: 'ユーザー検索',
      url: `${origin}/api/demo/users/search`,
      params: { q: '検索クエリ', limit: '件数' },
    },
    { purpose: 'プロジェクト検索', url: `${origin}/api/demo/projects/search`, params: { q: '検索クエリ' } },
    { purpose: 'カテゴリ一覧', url: `${origin}/api/demo/categories` },
    { purpose: '国一覧', url: `${origin}/api/demo/countries` },
    { purpose: '都道府県一覧', url: `${origin}/api/demo/prefectures`, params: { country_code: '国コード' } },
    {
      purpose: '市区町村一覧',
      url: `${origin}/api/demo/cities`,
      params: { prefecture_code: '都道府県コード' },
    },
  ];
}
