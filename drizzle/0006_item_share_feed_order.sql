DROP INDEX "item_contact_permissions_user_idx";--> statement-breakpoint
DROP INDEX "item_group_permissions_group_idx";--> statement-breakpoint
ALTER TABLE "item_contact_permissions" ADD COLUMN "item_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_group_permissions" ADD COLUMN "item_created_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers): each share carries its item's created_at, so
-- Available Items reads a viewer's shares in newest-first order (src/server/items/item-visibility.ts).
CREATE FUNCTION "item_share_copy_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "created_at" INTO NEW."item_created_at" FROM "items" WHERE "id" = NEW."item_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_contact_permissions_item_created_at" BEFORE INSERT OR UPDATE OF "item_id", "item_created_at" ON "item_contact_permissions" FOR EACH ROW EXECUTE FUNCTION "item_share_copy_created_at"();--> statement-breakpoint
CREATE TRIGGER "item_group_permissions_item_created_at" BEFORE INSERT OR UPDATE OF "item_id", "item_created_at" ON "item_group_permissions" FOR EACH ROW EXECUTE FUNCTION "item_share_copy_created_at"();--> statement-breakpoint
-- Should an item's created_at ever change, its shares follow.
CREATE FUNCTION "item_shares_follow_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_contact_permissions" SET "item_created_at" = NEW."created_at" WHERE "item_id" = NEW."id";
  UPDATE "item_group_permissions" SET "item_created_at" = NEW."created_at" WHERE "item_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_shares_follow_created_at" AFTER UPDATE OF "created_at" ON "items" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "item_shares_follow_created_at"();--> statement-breakpoint
UPDATE "item_contact_permissions" SET "item_created_at" = "items"."created_at" FROM "items" WHERE "items"."id" = "item_contact_permissions"."item_id";--> statement-breakpoint
UPDATE "item_group_permissions" SET "item_created_at" = "items"."created_at" FROM "items" WHERE "items"."id" = "item_group_permissions"."item_id";--> statement-breakpoint
CREATE INDEX "item_contact_permissions_viewer_feed_idx" ON "item_contact_permissions" USING btree ("contact_user_id","item_created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_group_permissions_group_feed_idx" ON "item_group_permissions" USING btree ("group_id","item_created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);
