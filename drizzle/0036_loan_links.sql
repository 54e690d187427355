CREATE TABLE "loan_links" (
	"lending_request_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"handover_confirmed_at" timestamp with time zone,
	"return_reported_at" timestamp with time zone,
	"extension_until" date,
	"extension_note" text,
	"extension_asked_at" timestamp with time zone,
	"extension_answer" text,
	CONSTRAINT "loan_links_extension_note_length" CHECK (char_length("loan_links"."extension_note") BETWEEN 1 AND 500),
	CONSTRAINT "loan_links_extension_answer" CHECK ("loan_links"."extension_answer" IS NULL OR "loan_links"."extension_answer" IN ('accepted', 'declined')),
	CONSTRAINT "loan_links_extension_asked" CHECK (("loan_links"."extension_until" IS NULL) = ("loan_links"."extension_asked_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "loan_links" ADD CONSTRAINT "loan_links_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_links_token_hash" ON "loan_links" USING btree ("token_hash");