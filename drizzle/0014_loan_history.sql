CREATE TABLE "network_request_matches" (
	"network_request_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_request_matches_network_request_id_item_id_pk" PRIMARY KEY("network_request_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "lending_requests" DROP CONSTRAINT "lending_requests_status";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_system_event";--> statement-breakpoint
ALTER TABLE "lending_requests" DROP CONSTRAINT "lending_requests_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "lending_requests" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lending_requests" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lending_requests" ALTER COLUMN "message" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD COLUMN "item_name" text;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD COLUMN "origin" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD COLUMN "borrower_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD COLUMN "borrower_name" text;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD COLUMN "lent_on" date;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "network_request_matches" ADD CONSTRAINT "network_request_matches_network_request_id_network_requests_id_fk" FOREIGN KEY ("network_request_id") REFERENCES "public"."network_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_request_matches" ADD CONSTRAINT "network_request_matches_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_request_matches" ADD CONSTRAINT "network_request_matches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_request_matches_owner_idx" ON "network_request_matches" USING btree ("owner_id","network_request_id");--> statement-breakpoint
CREATE INDEX "network_request_matches_item_idx" ON "network_request_matches" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_borrower_contact_id_contacts_id_fk" FOREIGN KEY ("borrower_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lending_requests_borrower_contact_idx" ON "lending_requests" USING btree ("borrower_contact_id");--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_origin" CHECK ("lending_requests"."origin" IN ('request', 'recorded'));--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_item_name_length" CHECK (char_length("lending_requests"."item_name") BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_borrower_name_length" CHECK (char_length("lending_requests"."borrower_name") BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_borrower_known" CHECK (("lending_requests"."origin" = 'request' AND "lending_requests"."requester_id" IS NOT NULL AND "lending_requests"."message" IS NOT NULL)
        OR ("lending_requests"."origin" = 'recorded' AND ("lending_requests"."requester_id" IS NOT NULL OR "lending_requests"."borrower_name" IS NOT NULL)));--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_item_known" CHECK ("lending_requests"."item_id" IS NOT NULL OR "lending_requests"."item_name" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_return_after_lending" CHECK ("lending_requests"."returned_on" IS NULL OR "lending_requests"."lent_on" IS NULL OR "lending_requests"."returned_on" >= "lending_requests"."lent_on");--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_status" CHECK ("lending_requests"."status" IN ('pending', 'accepted', 'declined', 'borrowed', 'returned', 'withdrawn', 'disputed'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added', 'item_deleted', 'requester_account_deleted', 'borrower_account_deleted', 'owner_account_deleted', 'extension_requested', 'extension_accepted', 'extension_declined', 'loan_recorded', 'loan_disputed'));--> statement-breakpoint
-- Written by hand (drizzle-kit has no functions or triggers). A loan outlives its item (issue 19): just before an
-- item row goes (deleted by its owner, or with the owner's account), every request that points to it keeps the
-- item's name; the foreign key then sets item_id to NULL. A trigger covers every path that deletes items.
CREATE FUNCTION "lending_requests_keep_item_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lending_requests" SET "item_name" = OLD."name" WHERE "item_id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_keep_name_in_loans" BEFORE DELETE ON "items" FOR EACH ROW EXECUTE FUNCTION "lending_requests_keep_item_name"();--> statement-breakpoint
-- Loans handed out before this migration: the day they were handed out is not recorded, so the requested start
-- (or the day of the owner's answer) stands in; a returned loan's last change was its return.
UPDATE "lending_requests"
   SET "lent_on" = coalesce("requested_from", ("responded_at" AT TIME ZONE 'UTC')::date, ("requested_at" AT TIME ZONE 'UTC')::date)
 WHERE "status" IN ('borrowed', 'returned');--> statement-breakpoint
UPDATE "lending_requests"
   SET "returned_on" = greatest("lent_on", ("updated_at" AT TIME ZONE 'UTC')::date)
 WHERE "status" = 'returned';
