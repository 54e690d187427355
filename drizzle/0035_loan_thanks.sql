CREATE TABLE "loan_thanks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lending_request_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"thanked_for" text NOT NULL,
	"note" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_thanks_for" CHECK ("loan_thanks"."thanked_for" IN ('lending', 'borrowing')),
	CONSTRAINT "loan_thanks_note_length" CHECK (char_length("loan_thanks"."note") BETWEEN 1 AND 280),
	CONSTRAINT "loan_thanks_not_self" CHECK ("loan_thanks"."from_user_id" <> "loan_thanks"."to_user_id")
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_system_event";--> statement-breakpoint
ALTER TABLE "loan_thanks" ADD CONSTRAINT "loan_thanks_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_thanks" ADD CONSTRAINT "loan_thanks_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_thanks" ADD CONSTRAINT "loan_thanks_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_thanks_once" ON "loan_thanks" USING btree ("lending_request_id","from_user_id");--> statement-breakpoint
CREATE INDEX "loan_thanks_to_idx" ON "loan_thanks" USING btree ("to_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loan_thanks_from_idx" ON "loan_thanks" USING btree ("from_user_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added', 'item_deleted', 'requester_account_deleted', 'borrower_account_deleted', 'owner_account_deleted', 'extension_requested', 'extension_accepted', 'extension_declined', 'loan_recorded', 'loan_disputed', 'reservation_released', 'loan_problem_reported', 'loan_problem_settled', 'loan_return_assessed', 'loan_thanked'));