-- The office's search boxes (docs/features/office-search.md): accents and case folded away.
-- unaccent() itself is only STABLE (its dictionary could change), so nothing stored or indexed may
-- use it; search_fold() names the dictionary explicitly and is declared IMMUTABLE, the usual wrapper.
-- The stored columns customers.search_text and sort_name, quotes.search_text and
-- work_orders.search_text are generated from it (migration 080 made them).

CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
