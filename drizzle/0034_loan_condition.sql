CREATE TABLE "loan_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lending_request_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"problem" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "loan_reports_kind" CHECK ("loan_reports"."kind" IN ('handover', 'return', 'problem')),
	CONSTRAINT "loan_reports_problem" CHECK ("loan_reports"."problem" IN ('broke', 'part_missing', 'not_working', 'other')),
	CONSTRAINT "loan_reports_problem_only_on_problems" CHECK (("loan_reports"."kind" = 'problem') = ("loan_reports"."problem" IS NOT NULL)),
	CONSTRAINT "loan_reports_settled_only_problems" CHECK ("loan_reports"."settled_at" IS NULL OR "loan_reports"."kind" = 'problem'),
	CONSTRAINT "loan_reports_note_length" CHECK (char_length("loan_reports"."note") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "loan_return_assessments" (
	"lending_request_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "loan_return_assessments_outcome" CHECK ("loan_return_assessments"."outcome" IN ('fine', 'wear', 'damaged', 'incomplete')),
	CONSTRAINT "loan_return_assessments_note_length" CHECK (char_length("loan_return_assessments"."note") BETWEEN 1 AND 500),
	CONSTRAINT "loan_return_assessments_answer_length" CHECK (char_length("loan_return_assessments"."answer") BETWEEN 1 AND 500),
	CONSTRAINT "loan_return_assessments_answered" CHECK (("loan_return_assessments"."answer" IS NULL) = ("loan_return_assessments"."answered_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "item_photos" DROP CONSTRAINT "item_photos_position";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_system_event";--> statement-breakpoint
DROP INDEX "item_photos_unattached_idx";--> statement-breakpoint
ALTER TABLE "item_photos" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_reports" ADD CONSTRAINT "loan_reports_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reports" ADD CONSTRAINT "loan_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_return_assessments" ADD CONSTRAINT "loan_return_assessments_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_reports_one_entry_per_stage" ON "loan_reports" USING btree ("lending_request_id","kind","author_id") WHERE "loan_reports"."kind" <> 'problem';--> statement-breakpoint
CREATE INDEX "loan_reports_loan_idx" ON "loan_reports" USING btree ("lending_request_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_reports_author_idx" ON "loan_reports" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "item_photos" ADD CONSTRAINT "item_photos_report_id_loan_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."loan_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_photos_report_idx" ON "item_photos" USING btree ("report_id","position") WHERE "item_photos"."report_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "item_photos_unattached_idx" ON "item_photos" USING btree ("uploader_id","created_at") WHERE "item_photos"."item_id" IS NULL AND "item_photos"."report_id" IS NULL;--> statement-breakpoint
ALTER TABLE "item_photos" ADD CONSTRAINT "item_photos_position" CHECK (("item_photos"."item_id" IS NULL OR "item_photos"."report_id" IS NULL) AND ("item_photos"."item_id" IS NULL AND "item_photos"."report_id" IS NULL) = ("item_photos"."position" IS NULL) AND "item_photos"."position" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added', 'item_deleted', 'requester_account_deleted', 'borrower_account_deleted', 'owner_account_deleted', 'extension_requested', 'extension_accepted', 'extension_declined', 'loan_recorded', 'loan_disputed', 'reservation_released', 'loan_problem_reported', 'loan_problem_settled', 'loan_return_assessed'));