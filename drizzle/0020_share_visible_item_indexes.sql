-- The shares that let someone see an item, by item (0019's flag): the visibility rule's per-item
-- probe, "shared via" and My Items' share count read them from the index alone, without fetching
-- each share's row for can_view and path_holds (docs/performance.md, round 3, third pass).
CREATE INDEX "item_contact_permissions_visible_item_idx" ON "item_contact_permissions" USING btree ("item_id","contact_user_id") WHERE "item_contact_permissions"."can_view" AND "item_contact_permissions"."path_holds";--> statement-breakpoint
CREATE INDEX "item_group_permissions_visible_item_idx" ON "item_group_permissions" USING btree ("item_id","group_id") WHERE "item_group_permissions"."can_view" AND "item_group_permissions"."path_holds";