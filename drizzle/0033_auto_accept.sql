ALTER TABLE "contacts" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "auto_accept_members" boolean DEFAULT false NOT NULL;