CREATE TABLE "login_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"login_method" text NOT NULL,
	"login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_history_user_agent_length" CHECK (char_length("login_history"."user_agent") BETWEEN 0 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"id_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"profile_image_url" text,
	"banner_dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"last_active" timestamp with time zone,
	CONSTRAINT "users_username_format" CHECK ("users"."username" ~ '^[a-z0-9._-]{3,30}$'),
	CONSTRAINT "users_name_length" CHECK (char_length("users"."name") BETWEEN 1 AND 100),
	CONSTRAINT "users_phone_format" CHECK ("users"."phone" ~ '^\+[0-9]{10,15}$'),
	CONSTRAINT "users_email_length" CHECK (char_length("users"."email") BETWEEN 3 AND 254),
	CONSTRAINT "users_language" CHECK ("users"."language" IN ('en', 'de', 'fr', 'it'))
);
--> statement-breakpoint
CREATE TABLE "idp_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_accounts_name_length" CHECK (char_length("idp_accounts"."name") BETWEEN 1 AND 100),
	CONSTRAINT "idp_accounts_username_format" CHECK ("idp_accounts"."username" ~ '^[a-z0-9._-]{3,30}$')
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_user_id" uuid,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"invitation_method" text,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_not_self" CHECK ("contacts"."contact_user_id" IS NULL OR "contacts"."contact_user_id" <> "contacts"."user_id"),
	CONSTRAINT "contacts_name_length" CHECK (char_length("contacts"."name") BETWEEN 1 AND 100),
	CONSTRAINT "contacts_phone_format" CHECK ("contacts"."phone" ~ '^\+[0-9]{10,15}$'),
	CONSTRAINT "contacts_email_length" CHECK (char_length("contacts"."email") BETWEEN 3 AND 254),
	CONSTRAINT "contacts_notes_length" CHECK (char_length("contacts"."notes") BETWEEN 0 AND 500),
	CONSTRAINT "contacts_status" CHECK ("contacts"."status" IN ('pending', 'invited', 'active')),
	CONSTRAINT "contacts_invitation_method" CHECK ("contacts"."invitation_method" IN ('whatsapp', 'email', 'link'))
);
--> statement-breakpoint
CREATE TABLE "group_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_message" text,
	"admin_response" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "group_join_requests_status" CHECK ("group_join_requests"."status" IN ('pending', 'approved', 'denied')),
	CONSTRAINT "group_join_requests_message_length" CHECK (char_length("group_join_requests"."request_message") BETWEEN 0 AND 500),
	CONSTRAINT "group_join_requests_response_length" CHECK (char_length("group_join_requests"."admin_response") BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_role" CHECK ("group_members"."role" IN ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"is_private" boolean DEFAULT false NOT NULL,
	"max_members" integer DEFAULT 50 NOT NULL,
	"group_code" text NOT NULL,
	"admin_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_code_format" CHECK ("groups"."group_code" ~ '^[0-9]{10}$'),
	CONSTRAINT "groups_name_length" CHECK (char_length("groups"."name") BETWEEN 1 AND 100),
	CONSTRAINT "groups_description_length" CHECK (char_length("groups"."description") BETWEEN 0 AND 500),
	CONSTRAINT "groups_location_length" CHECK (char_length("groups"."location") BETWEEN 0 AND 100),
	CONSTRAINT "groups_max_members_range" CHECK ("groups"."max_members" BETWEEN 2 AND 100),
	CONSTRAINT "groups_coordinates" CHECK (("groups"."latitude" IS NULL) = ("groups"."longitude" IS NULL) AND ("groups"."latitude" IS NULL OR ("groups"."latitude" BETWEEN -90 AND 90 AND "groups"."longitude" BETWEEN -180 AND 180)))
);
--> statement-breakpoint
CREATE TABLE "item_contact_permissions" (
	"item_id" uuid NOT NULL,
	"contact_user_id" uuid NOT NULL,
	"can_view" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_contact_permissions_item_id_contact_user_id_pk" PRIMARY KEY("item_id","contact_user_id")
);
--> statement-breakpoint
CREATE TABLE "item_group_permissions" (
	"item_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"can_view" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_group_permissions_item_id_group_id_pk" PRIMARY KEY("item_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "item_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_photos_content_type" CHECK ("item_photos"."content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "item_photos_position" CHECK ("item_photos"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"image_url" text,
	"personal_use_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_name_length" CHECK (char_length("items"."name") BETWEEN 1 AND 100),
	CONSTRAINT "items_description_length" CHECK (char_length("items"."description") BETWEEN 0 AND 500),
	CONSTRAINT "items_category" CHECK ("items"."category" IN ('electronics', 'tools', 'books', 'sports', 'kitchen', 'furniture', 'clothing', 'toys', 'outdoor', 'other')),
	CONSTRAINT "items_status" CHECK ("items"."status" IN ('available', 'in_use', 'borrowed')),
	CONSTRAINT "items_image_url_length" CHECK (char_length("items"."image_url") BETWEEN 0 AND 2048)
);
--> statement-breakpoint
CREATE TABLE "lending_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"message" text NOT NULL,
	"requested_from" date,
	"expected_return_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"owner_response" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lending_requests_status" CHECK ("lending_requests"."status" IN ('pending', 'accepted', 'declined', 'borrowed', 'returned', 'withdrawn')),
	CONSTRAINT "lending_requests_message_length" CHECK (char_length("lending_requests"."message") BETWEEN 1 AND 500),
	CONSTRAINT "lending_requests_response_length" CHECK (char_length("lending_requests"."owner_response") BETWEEN 0 AND 500),
	CONSTRAINT "lending_requests_not_own_item" CHECK ("lending_requests"."requester_id" <> "lending_requests"."owner_id"),
	CONSTRAINT "lending_requests_dates_ordered" CHECK ("lending_requests"."requested_from" IS NULL OR "lending_requests"."expected_return_date" IS NULL OR "lending_requests"."expected_return_date" >= "lending_requests"."requested_from")
);
--> statement-breakpoint
CREATE TABLE "network_request_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_request_id" uuid NOT NULL,
	"responder_id" uuid NOT NULL,
	"response" text NOT NULL,
	"message" text,
	"item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_request_responses_response_length" CHECK (char_length("network_request_responses"."response") BETWEEN 1 AND 50),
	CONSTRAINT "network_request_responses_message_length" CHECK (char_length("network_request_responses"."message") BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE TABLE "network_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_requests_title_length" CHECK (char_length("network_requests"."title") BETWEEN 1 AND 100),
	CONSTRAINT "network_requests_description_length" CHECK (char_length("network_requests"."description") BETWEEN 0 AND 500),
	CONSTRAINT "network_requests_category" CHECK ("network_requests"."category" IN ('electronics', 'tools', 'books', 'sports', 'kitchen', 'furniture', 'clothing', 'toys', 'outdoor', 'other')),
	CONSTRAINT "network_requests_urgency" CHECK ("network_requests"."urgency" IN ('low', 'normal', 'high'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'user' NOT NULL,
	"lending_request_id" uuid,
	"network_request_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") BETWEEN 1 AND 1000),
	CONSTRAINT "messages_type" CHECK ("messages"."message_type" IN ('user', 'text', 'system', 'request_notification', 'network_request'))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_range" CHECK ("feedback"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "feedback_text_length" CHECK (char_length("feedback"."feedback") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_contact_permissions" ADD CONSTRAINT "item_contact_permissions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_contact_permissions" ADD CONSTRAINT "item_contact_permissions_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_group_permissions" ADD CONSTRAINT "item_group_permissions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_group_permissions" ADD CONSTRAINT "item_group_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_photos" ADD CONSTRAINT "item_photos_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_requests" ADD CONSTRAINT "lending_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_request_responses" ADD CONSTRAINT "network_request_responses_network_request_id_network_requests_id_fk" FOREIGN KEY ("network_request_id") REFERENCES "public"."network_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_request_responses" ADD CONSTRAINT "network_request_responses_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_request_responses" ADD CONSTRAINT "network_request_responses_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_requests" ADD CONSTRAINT "network_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lending_request_id_lending_requests_id_fk" FOREIGN KEY ("lending_request_id") REFERENCES "public"."lending_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_network_request_id_network_requests_id_fk" FOREIGN KEY ("network_request_id") REFERENCES "public"."network_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_history_user_time_idx" ON "login_history" USING btree ("user_id","login_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expiry_idx" ON "sessions" USING btree ("absolute_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_issuer_subject_key" ON "users" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_accounts_username_key" ON "idp_accounts" USING btree ("username");--> statement-breakpoint
CREATE INDEX "contacts_user_idx" ON "contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contacts_contact_user_idx" ON "contacts" USING btree ("contact_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_contact_user_key" ON "contacts" USING btree ("user_id","contact_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_phone_key" ON "contacts" USING btree ("user_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_email_key" ON "contacts" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "group_join_requests_pending_key" ON "group_join_requests" USING btree ("group_id","user_id") WHERE "group_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_join_requests_user_idx" ON "group_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_group_user_key" ON "group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_code_key" ON "groups" USING btree ("group_code");--> statement-breakpoint
CREATE INDEX "groups_admin_idx" ON "groups" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "groups_public_created_idx" ON "groups" USING btree ("created_at" DESC NULLS LAST) WHERE NOT "groups"."is_private";--> statement-breakpoint
CREATE INDEX "item_contact_permissions_user_idx" ON "item_contact_permissions" USING btree ("contact_user_id");--> statement-breakpoint
CREATE INDEX "item_group_permissions_group_idx" ON "item_group_permissions" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_photos_item_position_key" ON "item_photos" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "items_owner_idx" ON "items" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "lending_requests_one_active_per_item" ON "lending_requests" USING btree ("item_id") WHERE "lending_requests"."status" IN ('accepted', 'borrowed');--> statement-breakpoint
CREATE UNIQUE INDEX "lending_requests_one_open_per_requester" ON "lending_requests" USING btree ("item_id","requester_id") WHERE "lending_requests"."status" IN ('pending', 'accepted', 'borrowed');--> statement-breakpoint
CREATE INDEX "lending_requests_requester_idx" ON "lending_requests" USING btree ("requester_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lending_requests_owner_idx" ON "lending_requests" USING btree ("owner_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "network_request_responses_request_idx" ON "network_request_responses" USING btree ("network_request_id");--> statement-breakpoint
CREATE INDEX "network_requests_requester_idx" ON "network_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "messages_pair_time_idx" ON "messages" USING btree ("sender_id","receiver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_receiver_pair_time_idx" ON "messages" USING btree ("receiver_id","sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");