CREATE TABLE "pending_email_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_email_digests" ADD CONSTRAINT "pending_email_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_email_digests_due_idx" ON "pending_email_digests" USING btree ("due_at");