CREATE TABLE "item_search_documents" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_search_documents" ADD CONSTRAINT "item_search_documents_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_search_documents_document_idx" ON "item_search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "item_search_documents_name_trgm_idx" ON "item_search_documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_search_documents_owner_idx" ON "item_search_documents" USING btree ("owner_id");--> statement-breakpoint
-- Written by hand (drizzle-kit has no functions or triggers). An item does not record its language, so its
-- document holds the lexemes of all four stemmers plus the unstemmed words ("simple"): "drills" (english),
-- "Bohrmaschinen" (german), "tentes" (french) and "trapani" (italian) all find their word, and the unstemmed
-- words keep prefix search exact. Name weighs A, description B (ts_rank ranks name matches higher).
CREATE FUNCTION "item_search_text_vector"(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, body) || to_tsvector('english'::regconfig, body)
      || to_tsvector('german'::regconfig, body) || to_tsvector('french'::regconfig, body)
      || to_tsvector('italian'::regconfig, body)
$$;--> statement-breakpoint
CREATE FUNCTION "item_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "item_search_documents" ("item_id", "owner_id", "name", "document")
  VALUES (NEW."id", NEW."owner_id", NEW."name",
          setweight("item_search_text_vector"(NEW."name"), 'A')
          || setweight("item_search_text_vector"(coalesce(NEW."description", '')), 'B'))
  ON CONFLICT ("item_id") DO UPDATE
    SET "owner_id" = EXCLUDED."owner_id", "name" = EXCLUDED."name", "document" = EXCLUDED."document";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_search_document" AFTER INSERT OR UPDATE OF "name", "description", "owner_id" ON "items" FOR EACH ROW EXECUTE FUNCTION "item_search_document"();--> statement-breakpoint
INSERT INTO "item_search_documents" ("item_id", "owner_id", "name", "document")
SELECT "id", "owner_id", "name",
       setweight("item_search_text_vector"("name"), 'A') || setweight("item_search_text_vector"(coalesce("description", '')), 'B')
  FROM "items";
