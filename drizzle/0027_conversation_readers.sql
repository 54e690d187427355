CREATE TABLE "conversation_readers" (
	"user_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_readers_user_id_reader_id_pk" PRIMARY KEY("user_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_readers" ADD CONSTRAINT "conversation_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_readers" ADD CONSTRAINT "conversation_readers_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_readers_pair_idx" ON "conversation_readers" USING btree ("user_id","partner_id");