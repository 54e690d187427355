ALTER TABLE "messages" ADD COLUMN "system_event" text;--> statement-breakpoint
CREATE UNIQUE INDEX "network_request_responses_one_per_responder" ON "network_request_responses" USING btree ("network_request_id","responder_id");--> statement-breakpoint
CREATE INDEX "messages_lending_request_idx" ON "messages" USING btree ("lending_request_id");--> statement-breakpoint
CREATE INDEX "messages_network_request_idx" ON "messages" USING btree ("network_request_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added'));