-- The types (trims) of the shipped models, as reference data like 0601 (decision 119): Iranian
-- cars come manual, those from 1395 on also automatic; imports automatic; motorcycles standard.
INSERT INTO car_types (model_id, name_fa, name_en, year_from, year_to)
SELECT id, 'دنده‌ای', 'Manual', year_from, year_to FROM car_models WHERE body_type <> 'motorcycle' AND NOT is_imported
UNION ALL
SELECT id, 'اتوماتیک', 'Automatic', greatest(year_from, CASE WHEN is_imported THEN year_from ELSE 1395 END), year_to
  FROM car_models WHERE body_type <> 'motorcycle' AND (is_imported OR coalesce(year_to, 9999) >= 1395)
UNION ALL
SELECT id, 'استاندارد', 'Standard', year_from, year_to FROM car_models WHERE body_type = 'motorcycle'
ON CONFLICT (model_id, name_fa) DO NOTHING;
