// The AI quality-control list (issue 33, decision 116) for bench/lists: 100,000 machine-made texts
// over thirty days about the demo's inspection orders and car posts, in every state of their table
// (half waiting), a third of the approved ones edited with their change kept, each row passing the
// table's checks.
import { aiQcListFilter } from '@panel/contracts/ai-qc';
import { deepPage, type ListBench } from './list-bench';
import { hash, minutesAgo, pick, pickFrom, weighted } from './seed-sql';

const BY = 'bench-ai-qc';
const MODELS = ['bench-report-v3', 'bench-ads-v2', 'bench-gpt-mini'];
const OPENING = ['خودروی بازدیدشده', 'این خودرو', 'خودروی مورد نظر', 'خودروی آگهی‌شده'];
const BODY = ['بدنه بدون رنگ‌شدگی است.', 'گلگیر جلو رنگ‌شدگی جزئی دارد.', 'کاپوت تعویض شده است.', 'سپر عقب دو لکه رنگ دارد.'];
const ENGINE = ['موتور بدون نشتی روغن کار می‌کند.', 'گیربکس نرم تعویض دنده می‌کند.', 'صدای تسمه تایم در حالت سرد شنیده می‌شود.', 'کلاچ به تعویض نیاز دارد.'];
const CLOSING = ['وضعیت کلی خودرو خوب است.', 'خرید آن با بررسی دوباره تعلیق پیشنهاد می‌شود.', 'مدارک خودرو کامل است.'];
const ADDED = ' کیلومترشمار با سوابق سرویس همخوانی دارد.';
const INSPECTIONS = `(SELECT array_agg(pk ORDER BY pk) FROM inspections)`;
const POSTS = `(SELECT array_agg(id ORDER BY id) FROM car_posts)`;

export const AI_QC_BENCH: ListBench = {
  name: 'ai-qc',
  table: 'ai_texts',
  procedure: 'aiQc.list',
  gatewayPath: '/api/ai-qc/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...aiQcListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? 20) }),
  seed: (rows) => [
    `INSERT INTO ai_models (name) VALUES ${MODELS.map((m) => `('${m}')`).join(', ')} ON CONFLICT (name) DO NOTHING`,
    `INSERT INTO ai_texts (kind, model, inspection_pk, car_post_id, state, version, machine_text, final_text, edited, changed_words, change_percent,
                           reject_reason, review_note, reviewed_by, reviewed_at, created_by, created_at, updated_at)
     SELECT s.kind, s.model,
            CASE WHEN s.kind LIKE 'report%' THEN ${pickFrom(INSPECTIONS, 'i')} END,
            CASE WHEN s.kind LIKE 'post%' THEN ${pickFrom(POSTS, 'p')} END,
            s.state, CASE WHEN s.state = 'pending' THEN 0 ELSE 1 END, s.text,
            CASE WHEN s.state = 'approved' THEN s.text || CASE WHEN s.edited THEN '${ADDED}' ELSE '' END END,
            s.state = 'approved' AND s.edited,
            CASE WHEN s.state = 'approved' THEN CASE WHEN s.edited THEN 6 ELSE 0 END END,
            CASE WHEN s.state = 'approved' THEN CASE WHEN s.edited THEN 11 ELSE 0 END END,
            CASE WHEN s.state = 'rejected' THEN ${pick(['wrong_facts', 'incomplete', 'tone', 'personal_data', 'unrelated', 'language'], 'r')} END,
            '',
            CASE WHEN s.state IN ('approved', 'rejected') THEN 'سارا محمدی' END,
            CASE WHEN s.state IN ('approved', 'rejected') THEN s.at + interval '2 hours' END,
            '${BY}', s.at, s.at
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT
            ${pick(['report_summary', 'report_technical', 'post_description', 'post_highlights'], 'k')} AS kind,
            ${pick(MODELS, 'm')} AS model,
            ${weighted({ pending: 5, approved: 3, rejected: 1, regenerating: 1 }, 'st')} AS state,
            ${hash('e', 3)} = 0 AS edited,
            ${pick(OPENING, 'o')} || ' ' || ${pick(BODY, 'b')} || ' ' || ${pick(ENGINE, 'n')} || ' ' || ${pick(CLOSING, 'c')} AS text,
            ${minutesAgo('t', 30)} AS at) s`,
    'VACUUM (ANALYZE) ai_texts',
  ],
  sample: (middle) => `SELECT id, kind FROM ai_texts WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET ${middle}`,
  cases: (s, rows) => [
    { name: 'default_queue', filter: {} },
    { name: 'all_states', filter: { state: [] } },
    { name: 'state_approved', filter: { state: ['approved'] } },
    { name: 'approved_edited', filter: { state: ['approved'], edited: true } },
    { name: 'kind', filter: { kind: 'post_description' } },
    { name: 'model', filter: { model: 'bench-ads-v2' } },
    { name: 'created_last_week', filter: { state: [], createdFrom: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) } },
    { name: 'search_id', filter: { state: [], search: String(s.id) } },
    { name: 'search_words', filter: { state: [], search: 'تسمه تایم' } },
    { name: 'sort_change_desc', filter: { state: ['approved'], sort: 'change_percent', isAscending: false } },
    { name: 'sort_reviewed_desc', filter: { state: [], sort: 'reviewed_at', isAscending: false } },
    { name: 'sort_created_desc', filter: { state: [], isAscending: false } },
    deepPage(rows),
  ],
};
