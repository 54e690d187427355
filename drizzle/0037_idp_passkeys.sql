CREATE TABLE "idp_account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_account_tokens_purpose" CHECK ("idp_account_tokens"."purpose" IN ('confirm_email', 'recover', 'add_passkey'))
);
--> statement-breakpoint
CREATE TABLE "idp_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" "bytea" NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "idp_passkeys_name_length" CHECK (char_length("idp_passkeys"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "idp_webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idp_webauthn_challenges_purpose" CHECK ("idp_webauthn_challenges"."purpose" IN ('register', 'authenticate'))
);
--> statement-breakpoint
ALTER TABLE "idp_accounts" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idp_account_tokens" ADD CONSTRAINT "idp_account_tokens_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_passkeys" ADD CONSTRAINT "idp_passkeys_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_webauthn_challenges" ADD CONSTRAINT "idp_webauthn_challenges_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idp_account_tokens_hash_key" ON "idp_account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "idp_account_tokens_account_idx" ON "idp_account_tokens" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_passkeys_credential_key" ON "idp_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "idp_passkeys_account_idx" ON "idp_passkeys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "idp_webauthn_challenges_expiry_idx" ON "idp_webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_accounts_confirmed_email_key" ON "idp_accounts" USING btree (lower("email")) WHERE "idp_accounts"."email_confirmed_at" IS NOT NULL;