-- Written by hand (drizzle-kit has no functions or extensions). Search folds accents (issue 33, defect 10;
-- docs/decisions/0027-search.md, amendment): people type "echelle", "velo", "Zurich", "Kuche" on phones and
-- expect "Échelle", "Vélo", "Zürich", "Küche". Both sides are folded the same way: every text that goes into
-- a search document, and every typed word (src/server/items/search-visible-items.ts calls the same
-- functions), so stemming, prefixes and typo variants work on the folded words as before.
-- unaccent ships with PostgreSQL (contrib: the embedded server, Debian's postgresql package) and is a
-- trusted extension, like pg_trgm (0012).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE because it reads its rules file; with the dictionary named it changes only if that
-- file does, so the wrapper is IMMUTABLE like the search functions built on it.
CREATE FUNCTION "item_search_fold"(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, body))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_search_text_vector"(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, folded) || to_tsvector('english'::regconfig, folded)
      || to_tsvector('german'::regconfig, folded) || to_tsvector('french'::regconfig, folded)
      || to_tsvector('italian'::regconfig, folded)
    FROM (SELECT "item_search_fold"(body) AS folded) AS input
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_search_document_of"(item_name text, item_description text, owner_name text, audience uuid[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight("item_search_text_vector"(item_name), 'A')
      || setweight("item_search_text_vector"(coalesce(item_description, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, "item_search_fold"(coalesce(owner_name, ''))), 'C')
      || "item_search_access"(audience)
$$;--> statement-breakpoint
-- The name column serves the trigram typo match only: it holds the folded name too.
CREATE OR REPLACE FUNCTION "item_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_name text := (SELECT "name" FROM "users" WHERE "id" = NEW."owner_id");
  audience uuid[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE "item_search_documents" d
       SET "owner_id" = NEW."owner_id", "name" = "item_search_fold"(NEW."name"),
           "document" = "item_search_document_of"(NEW."name", NEW."description", owner_name, d."audience")
     WHERE d."item_id" = NEW."id";
    IF FOUND THEN RETURN NULL; END IF;
    audience := "item_search_audience"(NEW."id");
  END IF;
  -- A new item has no shares yet (they reference it), so its audience is empty.
  INSERT INTO "item_search_documents" ("item_id", "owner_id", "name", "document", "audience")
  VALUES (NEW."id", NEW."owner_id", "item_search_fold"(NEW."name"),
          "item_search_document_of"(NEW."name", NEW."description", owner_name, audience), audience);
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "item_search_documents" d
   SET "name" = "item_search_fold"(i."name"),
       "document" = "item_search_document_of"(i."name", i."description", u."name", d."audience")
  FROM "items" i
  JOIN "users" u ON u."id" = i."owner_id"
 WHERE d."item_id" = i."id";
