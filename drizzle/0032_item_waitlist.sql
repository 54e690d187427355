CREATE TABLE "item_waitlist" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"wanted_from" date,
	"wanted_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_waitlist_item_id_user_id_pk" PRIMARY KEY("item_id","user_id"),
	CONSTRAINT "item_waitlist_days" CHECK (("item_waitlist"."wanted_from" IS NULL) = ("item_waitlist"."wanted_until" IS NULL) AND ("item_waitlist"."wanted_until" IS NULL OR "item_waitlist"."wanted_until" >= "item_waitlist"."wanted_from"))
);
--> statement-breakpoint
ALTER TABLE "item_waitlist" ADD CONSTRAINT "item_waitlist_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_waitlist" ADD CONSTRAINT "item_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_waitlist_user_idx" ON "item_waitlist" USING btree ("user_id");