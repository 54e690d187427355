-- Written by hand (drizzle-kit has no exclusion constraints, functions or triggers). docs/decisions/0047 and
-- docs/database-rules.md: an item's days are held by its accepted and borrowed requests and by the owner's
-- personal-use reservation, and no two holds of one item may share a day, whoever writes.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "item_holds" ADD CONSTRAINT "item_holds_never_overlap"
  EXCLUDE USING gist ("item_id" WITH =, "during" WITH &&);
--> statement-breakpoint
-- The days a request holds while accepted or borrowed: from its first day (the requested start, or the hand-over
-- day when the item went out earlier; a loan recorded after the fact has only the latter) through its return date,
-- or through the hand-over day when it went out later than that (it is out from then on, so it must not sit on
-- someone else's days); a loan without a return date holds every later day. The use cases ask the same function
-- for the days a request would hold (src/server/lending/requests/take-lending-step.ts `ensureDaysFree`), so the
-- rule is written here only.
CREATE OR REPLACE FUNCTION lending_request_held_days(r lending_requests) RETURNS daterange
LANGUAGE sql STABLE AS $$
  SELECT daterange(first_day,
                   CASE WHEN r.expected_return_date IS NULL THEN NULL
                        ELSE greatest(r.expected_return_date, first_day, r.lent_on) + 1 END,
                   '[)')
    FROM (SELECT coalesce(least(r.requested_from, r.lent_on), (r.requested_at AT TIME ZONE 'UTC')::date) AS first_day) AS d
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lending_request_hold() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.item_id IS NOT NULL AND NEW.status IN ('accepted', 'borrowed') THEN
    INSERT INTO item_holds (item_id, lending_request_id, kind, during)
    VALUES (NEW.item_id, NEW.id, 'loan', lending_request_held_days(NEW))
    ON CONFLICT (lending_request_id) DO UPDATE SET item_id = EXCLUDED.item_id, during = EXCLUDED.during
      WHERE item_holds.during IS DISTINCT FROM EXCLUDED.during OR item_holds.item_id IS DISTINCT FROM EXCLUDED.item_id;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM item_holds WHERE lending_request_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lending_requests_hold
  AFTER INSERT OR UPDATE OF status, item_id, requested_from, lent_on, expected_return_date ON lending_requests
  FOR EACH ROW EXECUTE FUNCTION lending_request_hold();
--> statement-breakpoint
-- The owner's personal-use reservation (spec §4: `personal_use_until` is the day it is available again) holds the
-- days from when the owner set it (the day before in UTC: the earliest "today" anywhere; UTC whatever the
-- session's time zone) until then. A date in the past holds nothing. Rewritten only when the date itself changes,
-- so the start stays the day it was set.
CREATE OR REPLACE FUNCTION item_personal_hold() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.personal_use_until IS NOT DISTINCT FROM OLD.personal_use_until THEN
    RETURN NULL;
  END IF;
  DELETE FROM item_holds WHERE item_id = NEW.id AND kind = 'personal';
  IF NEW.personal_use_until IS NOT NULL AND NEW.personal_use_until > (now() AT TIME ZONE 'UTC')::date - 1 THEN
    INSERT INTO item_holds (item_id, kind, during)
    VALUES (NEW.id, 'personal', daterange((now() AT TIME ZONE 'UTC')::date - 1, NEW.personal_use_until, '[)'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_personal_hold
  AFTER INSERT OR UPDATE OF personal_use_until ON items
  FOR EACH ROW EXECUTE FUNCTION item_personal_hold();
--> statement-breakpoint
-- Back-fill: every accepted or borrowed request (at most one per item until now, so none overlap), then the
-- personal-use reservations still ahead that overlap none of them. One that does stays on the item and holds no
-- days until the owner saves another date (then it holds, or the save is told what it overlaps); new requests are
-- still refused while it lasts, by the loan it overlaps.
INSERT INTO item_holds (item_id, lending_request_id, kind, during)
SELECT r.item_id, r.id, 'loan', lending_request_held_days(r)
  FROM lending_requests r
 WHERE r.item_id IS NOT NULL AND r.status IN ('accepted', 'borrowed');
--> statement-breakpoint
INSERT INTO item_holds (item_id, kind, during)
SELECT i.id, 'personal', daterange((now() AT TIME ZONE 'UTC')::date - 1, i.personal_use_until, '[)')
  FROM items i
 WHERE i.personal_use_until > (now() AT TIME ZONE 'UTC')::date - 1
   AND NOT EXISTS (SELECT 1 FROM item_holds h
                    WHERE h.item_id = i.id
                      AND h.during && daterange((now() AT TIME ZONE 'UTC')::date - 1, i.personal_use_until, '[)'));
