-- A merge keeps the external names that lead to what it moved (issue 33, decision 131): a model
-- merge makes the merged model's full name an external name of the kept one (one alias), a brand
-- merge makes each moved model's old full name («هیوندائی سوناتا») an external name of that model
-- (one alias a model). The aliases a merge made are removed by its undo.
ALTER TABLE catalogue_merges ADD COLUMN alias_ids integer[] NOT NULL DEFAULT '{}';
UPDATE catalogue_merges SET alias_ids = ARRAY[alias_id] WHERE alias_id IS NOT NULL;
ALTER TABLE catalogue_merges DROP COLUMN alias_id;
