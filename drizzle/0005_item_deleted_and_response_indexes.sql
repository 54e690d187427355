ALTER TABLE "messages" DROP CONSTRAINT "messages_system_event";--> statement-breakpoint
DROP INDEX "network_request_responses_request_idx";--> statement-breakpoint
CREATE INDEX "network_request_responses_item_idx" ON "network_request_responses" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "network_request_responses_responder_idx" ON "network_request_responses" USING btree ("responder_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event" CHECK ("messages"."system_event" IN ('request_created', 'request_accepted', 'request_declined', 'request_withdrawn', 'item_borrowed', 'item_returned', 'network_request', 'network_item_added', 'item_deleted'));