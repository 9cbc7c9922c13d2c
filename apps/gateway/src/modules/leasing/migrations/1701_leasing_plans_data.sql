-- Leasing providers, their plan groups and plans, and each plan's matching (reference data, as
-- the catalogue's is): rates and least down payments plausible for the market in 1405.
INSERT INTO leasing_providers (name, conditions, city_ids) VALUES
  ('لیزینگ ایران‌خودرو', ARRAY['سن متقاضی بین ۱۸ تا ۷۰ سال', 'یک ضامن کارمند رسمی یا چک صیادی به مبلغ کل اقساط', 'فیش حقوقی سه ماه اخیر'], ARRAY[1, 2, 3, 4, 5, 6]),
  ('لیزینگ سایپا', ARRAY['سن متقاضی بین ۱۸ تا ۶۵ سال', 'چک صیادی به مبلغ کل اقساط', 'گواهی کسر از حقوق یا جواز کسب'], ARRAY[1, 2, 3, 4, 6, 7, 12]),
  ('لیزینگ پارسیان', ARRAY['سن متقاضی بین ۲۰ تا ۷۰ سال', 'دو ضامن معتبر', 'نداشتن چک برگشتی'], '{}');

INSERT INTO leasing_plan_groups (provider_id, name)
SELECT p.id, g.name FROM leasing_providers p
  JOIN (VALUES ('لیزینگ ایران‌خودرو', 'خودروهای داخلی'), ('لیزینگ سایپا', 'خودروهای داخلی'), ('لیزینگ پارسیان', 'خودروهای داخلی'),
               ('لیزینگ پارسیان', 'خودروهای وارداتی'), ('لیزینگ پارسیان', 'موتورسیکلت')) AS g (provider, name) ON g.provider = p.name;

INSERT INTO leasing_plans (group_id, name, vehicle_type, annual_rate, min_down_percent, months, is_active)
SELECT g.id, v.name, v.vehicle_type, v.rate, v.down, v.months::integer[], v.active
  FROM leasing_plan_groups g JOIN leasing_providers p ON p.id = g.provider_id
  JOIN (VALUES
    ('لیزینگ ایران‌خودرو', 'خودروهای داخلی', 'طرح ۱۲ ماهه', 'light_car', 18.00, 40, '{6,12}', true),
    ('لیزینگ ایران‌خودرو', 'خودروهای داخلی', 'طرح ۳۶ ماهه', 'light_car', 23.00, 30, '{12,24,36}', true),
    ('لیزینگ سایپا', 'خودروهای داخلی', 'طرح اقساط بلندمدت', 'light_car', 23.00, 35, '{24,36,48}', true),
    ('لیزینگ سایپا', 'خودروهای داخلی', 'طرح بدون سود', 'light_car', 0.00, 60, '{6}', false),
    ('لیزینگ پارسیان', 'خودروهای داخلی', 'طرح عمومی', 'light_car', 22.00, 35, '{12,18,24,36}', true),
    ('لیزینگ پارسیان', 'خودروهای وارداتی', 'طرح وارداتی', 'light_car', 25.00, 50, '{12,24}', true),
    ('لیزینگ پارسیان', 'موتورسیکلت', 'طرح موتورسیکلت', 'motorcycle', 20.00, 30, '{6,12,18}', true)
  ) AS v (provider, grp, name, vehicle_type, rate, down, months, active) ON v.provider = p.name AND v.grp = g.name;

-- Matching: a domestic plan takes its maker's models (Peugeots for Iran Khodro), the imported plan the imports.
INSERT INTO leasing_plan_models (plan_id, model_id)
SELECT pl.id, m.id FROM leasing_plans pl
  JOIN leasing_plan_groups g ON g.id = pl.group_id
  JOIN leasing_providers p ON p.id = g.provider_id
  JOIN car_models m ON m.vehicle_type = pl.vehicle_type
  JOIN car_brands b ON b.id = m.brand_id
 WHERE (p.name = 'لیزینگ ایران‌خودرو' AND b.name_en IN ('Iran Khodro', 'Peugeot'))
    OR (p.name = 'لیزینگ سایپا' AND b.name_en IN ('Saipa', 'Pars Khodro', 'Zamyad'))
    OR (g.name = 'خودروهای داخلی' AND p.name = 'لیزینگ پارسیان' AND NOT m.is_imported AND b.name_en IN ('Iran Khodro', 'Peugeot', 'Saipa', 'Kerman Motor', 'Bahman Motor'))
    OR (g.name = 'خودروهای وارداتی' AND m.is_imported)
    OR (pl.vehicle_type = 'motorcycle');
