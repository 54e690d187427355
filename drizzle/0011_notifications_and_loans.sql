CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind" CHECK ("notification_preferences"."kind" IN ('borrow_request', 'request_answered', 'handover', 'message', 'network_request', 'join_request', 'reminder'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('borrow_request', 'request_answered', 'handover', 'message', 'network_request', 'join_request', 'reminder')),
	CONSTRAINT "notifications_event_length" CHECK (char_length("notifications"."event") BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_subscriptions_endpoint" CHECK ("push_subscriptions"."endpoint" ~ '^https://' AND char_length("push_subscriptions"."endpoint") <= 2048),
	CONSTRAINT "push_subscriptions_p256dh_length" CHECK (char_length("push_subscriptions"."p256dh") BETWEEN 1 AND 200),
	CONSTRAINT "push_subscriptions_auth_length" CHECK (char_length("push_subscriptions"."auth") BETWEEN 1 AND 100),
	CONSTRAINT "push_subscriptions_device_label_length" CHECK (char_length("push_subscriptions"."device_label") BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "loan_extension_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lending_request_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"requested_until" date NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "loan_extension_requests_status" CHECK ("loan_extension_requests"."status" IN ('pending', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "loan_extension_requests_message_length" CHECK (char_length("loan_extension_requests"."message") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "loan_reminders" (
	"lending_request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"sequence" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_reminders_lending_request_id_kind_due_date_sequence_pk" PRIMARY KEY("lending_request_id","kind","due_date","sequence"),
	CONSTRAINT "loan_reminders_kind" CHECK ("loan_reminders"."kind" IN ('due_soon', 'overdue')),
	CONSTRAINT "loan_reminders_sequence" CHECK ("loan_reminders"."sequence" BETWEEN 0 AND 3)
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_system_event";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extension_requests" ADD CONSTRAINT "loan_extension_requests_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extension_requests" ADD CONSTRAINT "loan_extension_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_time_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."emailed_at" IS NULL AND "notifications"."seen_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_message_idx" ON "notifications" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_extension_requests_one_pending" ON "loan_extension_requests" USING btree ("lending_request_id") WHERE "loan_extension_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "loan_extension_requests_requester_idx" ON "loan_extension_requests" USING btree ("requester_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added', 'item_deleted', 'requester_account_deleted', 'borrower_account_deleted', 'owner_account_deleted', 'extension_requested', 'extension_accepted', 'extension_declined'));