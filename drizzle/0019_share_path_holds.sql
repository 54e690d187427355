ALTER TABLE "item_contact_permissions" ADD COLUMN "path_holds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_group_permissions" ADD COLUMN "path_holds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers). Each share says whether the owner's path to its
-- principal still holds: the owner still has the contact as a registered contact, or is still a
-- member of the group. Available Items then reads the shares that let a viewer see an item straight
-- from one partial index, with no probe per share (src/server/items/item-visibility.ts;
-- docs/performance.md, round 3, third pass).
--
-- 1. A share written or moved to another item, principal or owner computes its own flag. These
--    replace 0018's triggers, which copied the item's created_at and owner only.
CREATE FUNCTION "item_contact_share_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "created_at", "owner_id" INTO NEW."item_created_at", NEW."item_owner_id" FROM "items" WHERE "id" = NEW."item_id";
  NEW."path_holds" := EXISTS (SELECT 1 FROM "contacts" c
                               WHERE c."user_id" = NEW."item_owner_id" AND c."contact_user_id" = NEW."contact_user_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "item_group_share_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "created_at", "owner_id" INTO NEW."item_created_at", NEW."item_owner_id" FROM "items" WHERE "id" = NEW."item_id";
  NEW."path_holds" := EXISTS (SELECT 1 FROM "group_members" m
                               WHERE m."group_id" = NEW."group_id" AND m."user_id" = NEW."item_owner_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "item_contact_permissions_item_created_at" ON "item_contact_permissions";--> statement-breakpoint
DROP TRIGGER "item_group_permissions_item_created_at" ON "item_group_permissions";--> statement-breakpoint
DROP FUNCTION "item_share_copy_created_at"();--> statement-breakpoint
CREATE TRIGGER "item_contact_permissions_fill" BEFORE INSERT OR UPDATE OF "item_id", "contact_user_id", "item_created_at", "item_owner_id" ON "item_contact_permissions" FOR EACH ROW EXECUTE FUNCTION "item_contact_share_fill"();--> statement-breakpoint
CREATE TRIGGER "item_group_permissions_fill" BEFORE INSERT OR UPDATE OF "item_id", "group_id", "item_created_at", "item_owner_id" ON "item_group_permissions" FOR EACH ROW EXECUTE FUNCTION "item_group_share_fill"();--> statement-breakpoint
-- 2. A contact entry added, linked, unlinked or removed, and a membership begun or ended, set the
--    flag of the owner's shares to that person or group. Statement triggers with transition tables:
--    deleting a group (its members cascade) updates the shares once, not once per member. Only
--    rows whose flag really changes are written.
CREATE FUNCTION "item_contact_shares_follow_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_contact_permissions" icp
     SET "path_holds" = NOT icp."path_holds"
    FROM (SELECT DISTINCT "user_id", "contact_user_id" FROM changed_contacts WHERE "contact_user_id" IS NOT NULL) changed
   WHERE icp."contact_user_id" = changed."contact_user_id" AND icp."item_owner_id" = changed."user_id"
     AND icp."path_holds" IS DISTINCT FROM EXISTS (
           SELECT 1 FROM "contacts" c WHERE c."user_id" = icp."item_owner_id" AND c."contact_user_id" = icp."contact_user_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "item_group_shares_follow_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_group_permissions" igp
     SET "path_holds" = NOT igp."path_holds"
    FROM (SELECT DISTINCT "group_id", "user_id" FROM changed_members) changed
   WHERE igp."group_id" = changed."group_id" AND igp."item_owner_id" = changed."user_id"
     AND igp."path_holds" IS DISTINCT FROM EXISTS (
           SELECT 1 FROM "group_members" m WHERE m."group_id" = igp."group_id" AND m."user_id" = igp."item_owner_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_share_paths_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT EXECUTE FUNCTION "item_contact_shares_follow_contacts"();--> statement-breakpoint
CREATE TRIGGER "contacts_share_paths_update_old" AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS changed_contacts FOR EACH STATEMENT EXECUTE FUNCTION "item_contact_shares_follow_contacts"();--> statement-breakpoint
CREATE TRIGGER "contacts_share_paths_update_new" AFTER UPDATE ON "contacts"
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT EXECUTE FUNCTION "item_contact_shares_follow_contacts"();--> statement-breakpoint
CREATE TRIGGER "contacts_share_paths_delete" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS changed_contacts FOR EACH STATEMENT EXECUTE FUNCTION "item_contact_shares_follow_contacts"();--> statement-breakpoint
CREATE TRIGGER "group_members_share_paths_insert" AFTER INSERT ON "group_members"
  REFERENCING NEW TABLE AS changed_members FOR EACH STATEMENT EXECUTE FUNCTION "item_group_shares_follow_members"();--> statement-breakpoint
CREATE TRIGGER "group_members_share_paths_update_old" AFTER UPDATE ON "group_members"
  REFERENCING OLD TABLE AS changed_members FOR EACH STATEMENT EXECUTE FUNCTION "item_group_shares_follow_members"();--> statement-breakpoint
CREATE TRIGGER "group_members_share_paths_update_new" AFTER UPDATE ON "group_members"
  REFERENCING NEW TABLE AS changed_members FOR EACH STATEMENT EXECUTE FUNCTION "item_group_shares_follow_members"();--> statement-breakpoint
CREATE TRIGGER "group_members_share_paths_delete" AFTER DELETE ON "group_members"
  REFERENCING OLD TABLE AS changed_members FOR EACH STATEMENT EXECUTE FUNCTION "item_group_shares_follow_members"();--> statement-breakpoint
-- 3. Today's flags. The flag is no part of a search document's audience (0016), so the search
--    triggers that an UPDATE of the shares fires are off meanwhile: they would rewrite every
--    shared item's document for nothing.
ALTER TABLE "item_contact_permissions" DISABLE TRIGGER "item_contact_permissions_search_update";--> statement-breakpoint
ALTER TABLE "item_group_permissions" DISABLE TRIGGER "item_group_permissions_search_update";--> statement-breakpoint
UPDATE "item_contact_permissions" icp SET "path_holds" = true
 WHERE EXISTS (SELECT 1 FROM "contacts" c WHERE c."user_id" = icp."item_owner_id" AND c."contact_user_id" = icp."contact_user_id");--> statement-breakpoint
UPDATE "item_group_permissions" igp SET "path_holds" = true
 WHERE EXISTS (SELECT 1 FROM "group_members" m WHERE m."group_id" = igp."group_id" AND m."user_id" = igp."item_owner_id");--> statement-breakpoint
ALTER TABLE "item_contact_permissions" ENABLE TRIGGER "item_contact_permissions_search_update";--> statement-breakpoint
ALTER TABLE "item_group_permissions" ENABLE TRIGGER "item_group_permissions_search_update";--> statement-breakpoint
-- 4. The streams' indexes, with the owner in the leaf (drizzle-kit cannot write INCLUDE; the
--    schema declares the rest): the self and block checks need no heap fetch.
CREATE INDEX "item_contact_permissions_visible_feed_idx" ON "item_contact_permissions" USING btree ("contact_user_id","item_created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST) INCLUDE ("item_owner_id") WHERE "item_contact_permissions"."can_view" AND "item_contact_permissions"."path_holds";--> statement-breakpoint
CREATE INDEX "item_group_permissions_visible_feed_idx" ON "item_group_permissions" USING btree ("group_id","item_created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST) INCLUDE ("item_owner_id") WHERE "item_group_permissions"."can_view" AND "item_group_permissions"."path_holds";
