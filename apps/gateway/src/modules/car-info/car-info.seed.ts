import type { GatewayDeps } from '../../deps';
import { sampleMedia } from '../../media/media';

// The demo of اطلاعات خودرو (decision 119): the types of the best-known shipped models get a
// description, an equipment list by body, two images from the media store's samples, a staff
// comment and customer feedbacks in each state, dated over the last month. Idempotent: a type
// that already has information is left as it is.

const MODELS = ['پژو ۲۰۶ تیپ ۲', 'پژو ۴۰۵ جی‌ال‌ایکس', 'دنا پلاس', 'تارا', 'سمند LX', 'شاهین', 'کوییک', 'سراتو', 'سورنتو', 'توسان', 'کرولا', 'تندر ۹۰'];
const OPTIONS: Record<string, string[]> = {
  sedan: ['کیسه هوای راننده و سرنشین', 'ترمز ABS', 'سیستم کنترل پایداری ESP', 'کروز کنترل', 'سنسور دنده عقب', 'تهویه مطبوع خودکار'],
  hatchback: ['کیسه هوای راننده', 'ترمز ABS', 'شیشه برقی', 'سیستم صوتی بلوتوث', 'سنسور دنده عقب'],
  suv: ['کیسه هوای جانبی', 'ترمز ABS', 'دوربین دنده عقب', 'سانروف', 'سیستم چهارچرخ محرک', 'صندلی برقی'],
  crossover: ['کیسه هوای جانبی', 'ترمز ABS', 'دوربین دنده عقب', 'نمایشگر لمسی', 'کروز کنترل'],
};
const FEEDBACKS: [string, string, number, 'new' | 'published' | 'hidden'][] = [
  ['مهدی کاظمی', 'مصرف سوخت در شهر منطقی است و قطعاتش همه‌جا پیدا می‌شود.', 4, 'published'],
  ['زهرا حسینی', 'صدای کابین در سرعت بالا زیاد است ولی فرمان‌پذیری خوبی دارد.', 3, 'new'],
  ['امیر نوری', 'تبلیغات', 1, 'hidden'],
];

export async function carInfoSeed({ db }: GatewayDeps): Promise<void> {
  const samples = await sampleMedia(db);
  const images = [...samples.values()].filter((m) => m.type !== 'application/pdf');
  const types = await db.query<{ id: number; body_type: string; full_name: string; type_name: string }>(
    `SELECT t.id, m.body_type, b.name_fa || ' ' || m.name_fa AS full_name, t.name_fa AS type_name
       FROM car_types t JOIN car_models m ON m.id = t.model_id JOIN car_brands b ON b.id = m.brand_id
      WHERE m.name_fa = ANY($1::text[]) AND t.state = 'active' AND NOT EXISTS (SELECT 1 FROM car_info i WHERE i.type_id = t.id)
      ORDER BY t.id`,
    [MODELS],
  );
  await db.transaction(async (tx) => {
    for (const [n, type] of types.entries()) {
      const options = OPTIONS[type.body_type] ?? OPTIONS.sedan!;
      const at = `now() - make_interval(days => ${(n * 7) % 30}, hours => ${n % 12})`;
      await tx.query(
        `INSERT INTO car_info (type_id, content, options, updated_by, updated_at) VALUES ($1, $2, $3, 'seed', ${at}) ON CONFLICT (type_id) DO NOTHING`,
        [type.id, `${type.full_name} ${type.type_name}: خودرویی پرطرفدار در بازار ایران، با هزینه نگهداری قابل پیش‌بینی و قطعات در دسترس.`, options.slice(0, 3 + (n % 4))],
      );
      for (const k of [0, 1]) {
        const image = images[(n + k) % images.length]!;
        await tx.query(`INSERT INTO car_info_images (type_id, media_id, caption, created_by, created_at) VALUES ($1, $2, $3, 'seed', ${at})`, [type.id, image.id, k === 0 ? 'نمای بیرونی' : 'نمای دیگر']);
      }
      await tx.query(
        `INSERT INTO car_info_notes (type_id, kind, author, body, rating, state, created_by, created_at) VALUES ($1, 'comment', 'سارا محمدی', 'در بازدیدها بیشتر ایراد جلوبندی دیده می‌شود؛ هنگام کارشناسی دقت شود.', NULL, 'published', 'seed', ${at})`,
        [type.id],
      );
      for (const [author, body, rating, state] of FEEDBACKS.slice(0, 1 + (n % 3))) {
        await tx.query(`INSERT INTO car_info_notes (type_id, kind, author, body, rating, state, created_by, created_at) VALUES ($1, 'feedback', $2, $3, $4, $5, 'seed', ${at})`, [type.id, author, body, rating, state]);
      }
    }
  });
}
