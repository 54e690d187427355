ALTER TABLE "item_contact_permissions" ADD COLUMN "item_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "item_group_permissions" ADD COLUMN "item_owner_id" uuid;--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers). Each share carries its
-- item's owner as well as its created_at (0006), so Available Items judges a
-- share without reading the item (src/server/items/item-visibility.ts,
-- `visibleItemsPage`; docs/performance.md, round 3).
CREATE OR REPLACE FUNCTION "item_share_copy_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "created_at", "owner_id" INTO NEW."item_created_at", NEW."item_owner_id" FROM "items" WHERE "id" = NEW."item_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "item_contact_permissions_item_created_at" ON "item_contact_permissions";--> statement-breakpoint
DROP TRIGGER "item_group_permissions_item_created_at" ON "item_group_permissions";--> statement-breakpoint
CREATE TRIGGER "item_contact_permissions_item_created_at" BEFORE INSERT OR UPDATE OF "item_id", "item_created_at", "item_owner_id" ON "item_contact_permissions" FOR EACH ROW EXECUTE FUNCTION "item_share_copy_created_at"();--> statement-breakpoint
CREATE TRIGGER "item_group_permissions_item_created_at" BEFORE INSERT OR UPDATE OF "item_id", "item_created_at", "item_owner_id" ON "item_group_permissions" FOR EACH ROW EXECUTE FUNCTION "item_share_copy_created_at"();--> statement-breakpoint
-- An item's owner changes when an account is deleted and its lent-out items
-- pass to a stand-in (gdpr/delete-account.ts): its shares follow.
CREATE FUNCTION "item_shares_follow_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_contact_permissions" SET "item_owner_id" = NEW."owner_id" WHERE "item_id" = NEW."id";
  UPDATE "item_group_permissions" SET "item_owner_id" = NEW."owner_id" WHERE "item_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_shares_follow_owner" AFTER UPDATE OF "owner_id" ON "items" FOR EACH ROW WHEN (OLD."owner_id" IS DISTINCT FROM NEW."owner_id") EXECUTE FUNCTION "item_shares_follow_owner"();--> statement-breakpoint
UPDATE "item_contact_permissions" SET "item_owner_id" = "items"."owner_id" FROM "items" WHERE "items"."id" = "item_contact_permissions"."item_id";--> statement-breakpoint
UPDATE "item_group_permissions" SET "item_owner_id" = "items"."owner_id" FROM "items" WHERE "items"."id" = "item_group_permissions"."item_id";
