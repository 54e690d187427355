CREATE TABLE "user_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_photos_content_type" CHECK ("user_photos"."content_type" IN ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_system_event";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "invitation_token" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "system_item_name" text;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_photos_user_key" ON "user_photos" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_invitation_token_key" ON "contacts" USING btree ("invitation_token");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_item_name_length" CHECK (char_length("messages"."system_item_name") BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added', 'item_deleted', 'requester_account_deleted', 'borrower_account_deleted', 'owner_account_deleted'));