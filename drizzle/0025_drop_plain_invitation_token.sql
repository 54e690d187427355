DROP INDEX "contacts_invitation_token_key";--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "invitation_token";