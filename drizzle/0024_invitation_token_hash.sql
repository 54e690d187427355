ALTER TABLE "contacts" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "invitation_seed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_invitation_token_hash_key" ON "contacts" USING btree ("invitation_token_hash");--> statement-breakpoint
-- Hand-written (docs/decisions/0042): links already sent keep working until
-- they expire. Their seed is unknown (they were random, not derived), so it
-- stays NULL and re-opening the dialog for such a contact issues a new link.
-- The hash is the one invitation-link.ts computes: SHA-256 of the UTF-8 text, in hex.
UPDATE "contacts" SET "invitation_token_hash" = encode(sha256(convert_to("invitation_token", 'UTF8')), 'hex')
WHERE "invitation_token" IS NOT NULL;
