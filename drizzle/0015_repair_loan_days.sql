-- Written by hand. Migration 0014 back-filled the day a loan went out from its requested start, but an owner may
-- hand an item over before that day: such a loan had a future lent_on, and its return (returned_on = today) broke
-- the CHECK returned_on >= lent_on. Its last change (updated_at) is the hand-out for a loan still out and the return
-- for one that came back, so neither day can be later than that (one day of slack: a day in the app's zone may be a
-- day ahead of UTC's).
UPDATE "lending_requests"
   SET "lent_on" = ("updated_at" AT TIME ZONE 'UTC')::date
 WHERE "origin" = 'request' AND "status" = 'borrowed'
   AND "lent_on" > ("updated_at" AT TIME ZONE 'UTC')::date + 1;--> statement-breakpoint
UPDATE "lending_requests"
   SET "returned_on" = ("updated_at" AT TIME ZONE 'UTC')::date,
       "lent_on" = least("lent_on", ("updated_at" AT TIME ZONE 'UTC')::date)
 WHERE "origin" = 'request' AND "status" = 'returned'
   AND "returned_on" > ("updated_at" AT TIME ZONE 'UTC')::date + 1;
