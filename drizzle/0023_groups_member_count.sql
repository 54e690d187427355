ALTER TABLE "groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers). Every list of groups shows each group's member
-- count; counting the memberships per listed group was about a third of Discover's PostgreSQL time
-- (docs/performance.md, round 3). The count is kept here instead, by statement triggers with
-- transition tables, so a statement that adds or removes many memberships (a group deleted, an
-- account deleted, the demo data) writes each group once. An UPDATE that moves no membership to
-- another group (a role changed) writes nothing. groups-member-count.test.ts holds the count to
-- count(*) after each way memberships change.
CREATE FUNCTION "groups_count_members_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "groups" g SET "member_count" = g."member_count" + added."n"
    FROM (SELECT "group_id", count(*)::int AS "n" FROM added_members GROUP BY "group_id") added
   WHERE g."id" = added."group_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "groups_count_members_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "groups" g SET "member_count" = g."member_count" - removed."n"
    FROM (SELECT "group_id", count(*)::int AS "n" FROM removed_members GROUP BY "group_id") removed
   WHERE g."id" = removed."group_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "groups_count_members_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "groups" g SET "member_count" = g."member_count" + moved."n"
    FROM (SELECT "group_id", sum("n")::int AS "n"
            FROM (SELECT "group_id", 1 AS "n" FROM added_members
                  UNION ALL
                  SELECT "group_id", -1 AS "n" FROM removed_members) change
           GROUP BY "group_id"
          HAVING sum("n") <> 0) moved
   WHERE g."id" = moved."group_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "group_members_count_insert" AFTER INSERT ON "group_members"
  REFERENCING NEW TABLE AS added_members FOR EACH STATEMENT EXECUTE FUNCTION "groups_count_members_added"();--> statement-breakpoint
CREATE TRIGGER "group_members_count_delete" AFTER DELETE ON "group_members"
  REFERENCING OLD TABLE AS removed_members FOR EACH STATEMENT EXECUTE FUNCTION "groups_count_members_removed"();--> statement-breakpoint
CREATE TRIGGER "group_members_count_update" AFTER UPDATE ON "group_members"
  REFERENCING OLD TABLE AS removed_members NEW TABLE AS added_members
  FOR EACH STATEMENT EXECUTE FUNCTION "groups_count_members_moved"();--> statement-breakpoint
-- Today's counts.
UPDATE "groups" g SET "member_count" = (SELECT count(*)::int FROM "group_members" m WHERE m."group_id" = g."id");
