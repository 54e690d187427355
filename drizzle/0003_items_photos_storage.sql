CREATE TABLE "photo_blobs" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_photos" DROP CONSTRAINT "item_photos_position";--> statement-breakpoint
DROP INDEX "item_photos_item_position_key";--> statement-breakpoint
ALTER TABLE "item_photos" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_photos" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_photos" ADD COLUMN "uploader_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "item_photos" ADD COLUMN "byte_size" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_blobs" ADD CONSTRAINT "photo_blobs_photo_id_item_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."item_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_photos" ADD CONSTRAINT "item_photos_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_photos_item_idx" ON "item_photos" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "item_photos_unattached_idx" ON "item_photos" USING btree ("uploader_id","created_at") WHERE "item_photos"."item_id" IS NULL;--> statement-breakpoint
CREATE INDEX "lending_requests_item_idx" ON "lending_requests" USING btree ("item_id","status");--> statement-breakpoint
ALTER TABLE "item_photos" DROP COLUMN "bytes";--> statement-breakpoint
ALTER TABLE "item_photos" ADD CONSTRAINT "item_photos_position" CHECK (("item_photos"."item_id" IS NULL) = ("item_photos"."position" IS NULL) AND "item_photos"."position" >= 0);