DROP INDEX "item_search_documents_owner_idx";--> statement-breakpoint
ALTER TABLE "item_search_documents" ADD COLUMN "audience" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit has no functions or triggers): docs/decisions/0029-search-access.md.
-- An item's search document: its words (name A, description B, the owner's name C, unstemmed) and one
-- access lexeme per principal it is shared with ("@" and the id's hex digits: no typed word can produce
-- an "@", so no search term ever matches one). A search ANDs its words with the viewer's principals in
-- ONE tsquery, which the GIN index answers by skipping through the rarer posting lists.
CREATE FUNCTION "item_search_access"(principals uuid[]) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(SELECT DISTINCT '@' || replace(principal::text, '-', '') FROM unnest(principals) AS principal))
$$;--> statement-breakpoint
-- The viewer's side: any of their principals. NULL for no principal (matches nothing).
CREATE FUNCTION "item_search_access_query"(principals uuid[]) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg('''@' || replace(principal::text, '-', '') || '''', ' | ')::tsquery FROM unnest(principals) AS principal
$$;--> statement-breakpoint
CREATE FUNCTION "item_search_document_of"(item_name text, item_description text, owner_name text, audience uuid[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight("item_search_text_vector"(item_name), 'A')
      || setweight("item_search_text_vector"(coalesce(item_description, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(owner_name, '')), 'C')
      || "item_search_access"(audience)
$$;--> statement-breakpoint
-- Whom the owner shared the item with (ticked contacts and groups, can_view): a superset of who may see it,
-- which the visibility rule narrows row by row.
CREATE FUNCTION "item_search_audience"(item uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT "contact_user_id" FROM "item_contact_permissions" WHERE "item_id" = item AND "can_view"
               UNION
               SELECT "group_id" FROM "item_group_permissions" WHERE "item_id" = item AND "can_view")
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_name text := (SELECT "name" FROM "users" WHERE "id" = NEW."owner_id");
  audience uuid[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE "item_search_documents" d
       SET "owner_id" = NEW."owner_id", "name" = NEW."name",
           "document" = "item_search_document_of"(NEW."name", NEW."description", owner_name, d."audience")
     WHERE d."item_id" = NEW."id";
    IF FOUND THEN RETURN NULL; END IF;
    audience := "item_search_audience"(NEW."id");
  END IF;
  -- A new item has no shares yet (they reference it), so its audience is empty.
  INSERT INTO "item_search_documents" ("item_id", "owner_id", "name", "document", "audience")
  VALUES (NEW."id", NEW."owner_id", NEW."name",
          "item_search_document_of"(NEW."name", NEW."description", owner_name, audience), audience);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A renamed person is found by the new name at once.
CREATE FUNCTION "item_search_owner_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_search_documents" d
     SET "document" = "item_search_document_of"(i."name", i."description", NEW."name", d."audience")
    FROM "items" i
   WHERE i."owner_id" = NEW."id" AND d."item_id" = i."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_owner_name" AFTER UPDATE OF "name" ON "users" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "item_search_owner_renamed"();--> statement-breakpoint
-- Statement triggers with transition tables: sharing an item with 30 contacts in one INSERT rewrites its
-- document once, not 30 times. Every trigger names its rows "changed_shares" (the new rows, or the old
-- ones for a delete; an update never changes a share's item_id).
CREATE FUNCTION "item_search_audience_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_search_documents" d
     SET "audience" = shared."audience",
         "document" = "item_search_document_of"(i."name", i."description", u."name", shared."audience")
    FROM (SELECT changed."item_id", "item_search_audience"(changed."item_id") AS "audience"
            FROM (SELECT DISTINCT "item_id" FROM changed_shares) changed) shared
    JOIN "items" i ON i."id" = shared."item_id"
    JOIN "users" u ON u."id" = i."owner_id"
   WHERE d."item_id" = shared."item_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_contact_permissions_search_insert" AFTER INSERT ON "item_contact_permissions"
  REFERENCING NEW TABLE AS changed_shares FOR EACH STATEMENT EXECUTE FUNCTION "item_search_audience_refresh"();--> statement-breakpoint
CREATE TRIGGER "item_contact_permissions_search_update" AFTER UPDATE ON "item_contact_permissions"
  REFERENCING NEW TABLE AS changed_shares FOR EACH STATEMENT EXECUTE FUNCTION "item_search_audience_refresh"();--> statement-breakpoint
CREATE TRIGGER "item_contact_permissions_search_delete" AFTER DELETE ON "item_contact_permissions"
  REFERENCING OLD TABLE AS changed_shares FOR EACH STATEMENT EXECUTE FUNCTION "item_search_audience_refresh"();--> statement-breakpoint
CREATE TRIGGER "item_group_permissions_search_insert" AFTER INSERT ON "item_group_permissions"
  REFERENCING NEW TABLE AS changed_shares FOR EACH STATEMENT EXECUTE FUNCTION "item_search_audience_refresh"();--> statement-breakpoint
CREATE TRIGGER "item_group_permissions_search_update" AFTER UPDATE ON "item_group_permissions"
  REFERENCING NEW TABLE AS changed_shares FOR EACH STATEMENT EXECUTE FUNCTION "item_search_audience_refresh"();--> statement-breakpoint
CREATE TRIGGER "item_group_permissions_search_delete" AFTER DELETE ON "item_group_permissions"
  REFERENCING OLD TABLE AS changed_shares FOR EACH STATEMENT EXECUTE FUNCTION "item_search_audience_refresh"();--> statement-breakpoint
UPDATE "item_search_documents" d
   SET "audience" = "item_search_audience"(d."item_id"),
       "document" = "item_search_document_of"(i."name", i."description", u."name", "item_search_audience"(d."item_id"))
  FROM "items" i
  JOIN "users" u ON u."id" = i."owner_id"
 WHERE i."id" = d."item_id";
