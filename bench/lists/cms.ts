// The contents list of the content section (issue 32, decisions 111, 112) for bench/lists:
// 100,000 content items over a year in twenty categories, every publish state, Persian titles
// about cars, a short right-to-left body, a tag or two each (the list counts them).
import { cmsListFilter } from '@panel/contracts/cms';
import { CARS, deepPage, sortsDescending, type ListBench } from './list-bench';
import { hash, minutesAgo, pick, weighted } from './seed-sql';

const BY = 'bench-cms';
const TITLES = ['بررسی کامل', 'راهنمای خرید', 'قیمت روز', 'نکات نگهداری', 'مقایسه', 'خرابی‌های رایج'];

export const CMS_BENCH: ListBench = {
  name: 'cms',
  table: 'cms_contents',
  procedure: 'cms.list',
  gatewayPath: '/api/cms/contents/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...cmsListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? 20) }),
  seed: (rows) => [
    `INSERT INTO cms_categories (name, parent_id, position, created_by)
     SELECT 'دسته ' || n, NULL, 1000 + n, '${BY}' FROM generate_series(1, 20) n ON CONFLICT DO NOTHING`,
    `INSERT INTO cms_contents (title, body, category_id, state, version, published_at, created_by, created_at, updated_by, updated_at)
     SELECT s.title, '<p dir="rtl">' || s.title || '</p><ul dir="rtl"><li dir="rtl">بازدید کارشناس</li></ul>', s.category, s.state, 1,
            CASE WHEN s.state = 'published' THEN s.at END, '${BY}', s.at, '${BY}', s.at
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT
            ${pick(TITLES, 't')} || ' ' || ${pick(CARS, 'c')} || ' ' || g AS title,
            (SELECT array_agg(id ORDER BY id) FROM cms_categories WHERE created_by = '${BY}')[1 + ${hash('k', 20)}] AS category,
            ${weighted({ draft: 3, published: 6, archived: 1 }, 's')} AS state,
            ${minutesAgo('a', 365)} AS at) s`,
    `INSERT INTO cms_content_tags (content_id, model_id)
     SELECT c.id, m.id FROM cms_contents c JOIN LATERAL (SELECT id FROM car_models ORDER BY id OFFSET c.id % 40 LIMIT 1 + c.id % 2) m ON true
      WHERE c.created_by = '${BY}'`,
    'VACUUM (ANALYZE) cms_categories',
    'VACUUM (ANALYZE) cms_contents',
    'VACUUM (ANALYZE) cms_content_tags',
  ],
  sample: (middle) => `SELECT id, split_part(title, ' ', 3) AS word, category_id AS category FROM cms_contents WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET ${middle}`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'state_published', filter: { state: 'published' } },
    { name: 'state_archived', filter: { state: 'archived' } },
    { name: 'category', filter: { category: s.category } },
    { name: 'search_id', filter: { search: String(s.id) } },
    { name: 'search_word', filter: { search: String(s.word) } },
    { name: 'search_two_words', filter: { search: 'راهنمای خرید' } },
    ...sortsDescending(['title']),
    { name: 'sort_title_asc', filter: { sort: 'title', isAscending: true } },
    deepPage(rows),
  ],
};
