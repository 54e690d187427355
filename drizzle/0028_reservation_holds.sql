CREATE TABLE "item_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"lending_request_id" uuid,
	"kind" text NOT NULL,
	"during" daterange NOT NULL,
	CONSTRAINT "item_holds_kind" CHECK ("item_holds"."kind" IN ('loan', 'personal')),
	CONSTRAINT "item_holds_request_of_loan" CHECK (("item_holds"."kind" = 'loan') = ("item_holds"."lending_request_id" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "lending_requests_one_active_per_item";--> statement-breakpoint
ALTER TABLE "item_holds" ADD CONSTRAINT "item_holds_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_holds" ADD CONSTRAINT "item_holds_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_holds_one_per_request" ON "item_holds" USING btree ("lending_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_holds_one_personal_per_item" ON "item_holds" USING btree ("item_id") WHERE "item_holds"."kind" = 'personal';