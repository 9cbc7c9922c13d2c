-- The catalogue's lists (packages, vehicle kinds, rates) as paged lists of the list kit: what
-- their filters and sorts read, so they answer the same at a few rows or at 100,000.
CREATE INDEX IF NOT EXISTS inspection_packages_name_trgm ON inspection_packages USING gin (name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS inspection_packages_price ON inspection_packages (base_price, id);
CREATE INDEX IF NOT EXISTS inspection_packages_minutes ON inspection_packages (service_minutes, id);
CREATE INDEX IF NOT EXISTS inspection_packages_cities ON inspection_packages USING gin (city_ids);
-- On sale or not and the inspection type, in the default order: the page and its count read the index.
CREATE INDEX IF NOT EXISTS inspection_packages_on_sale ON inspection_packages (is_active, base_price, id);
CREATE INDEX IF NOT EXISTS inspection_packages_type ON inspection_packages (inspection_type, base_price, id);
CREATE INDEX IF NOT EXISTS vehicle_kinds_name_trgm ON vehicle_kinds USING gin (name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS vehicle_kinds_by_name ON vehicle_kinds (name, id);
CREATE INDEX IF NOT EXISTS vehicle_kinds_active ON vehicle_kinds (is_active, name, id);
-- A rate's condition, city or package filter, each in the list's order.
CREATE INDEX IF NOT EXISTS pricing_rates_condition ON pricing_rates (condition, starts_on DESC, id DESC);
CREATE INDEX IF NOT EXISTS pricing_rates_city ON pricing_rates (city_id, starts_on DESC, id DESC);
CREATE INDEX IF NOT EXISTS pricing_rates_package ON pricing_rates (package_id, starts_on DESC, id DESC);
-- Rates in force on a day (the list's day filter): the days a rate covers, as the exclusion constraint reads them.
CREATE INDEX IF NOT EXISTS pricing_rates_days ON pricing_rates USING gist (daterange(starts_on, ends_on, '[]'));
