-- The message search index uses trigrams (pg_trgm: contrib on PostgreSQL, loaded by PGlite at open).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "consultation_bookings_created_idx";--> statement-breakpoint
DROP INDEX "consultation_bookings_status_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "consultation_bookings_user_created_idx";--> statement-breakpoint
DROP INDEX "document_downloads_user_created_idx";--> statement-breakpoint
DROP INDEX "document_downloads_created_idx";--> statement-breakpoint
DROP INDEX "documents_published_kind_idx";--> statement-breakpoint
DROP INDEX "documents_created_idx";--> statement-breakpoint
DROP INDEX "investment_opportunities_status_created_idx";--> statement-breakpoint
DROP INDEX "investment_opportunities_created_idx";--> statement-breakpoint
DROP INDEX "opportunity_interests_user_created_idx";--> statement-breakpoint
DROP INDEX "opportunity_interests_opportunity_created_idx";--> statement-breakpoint
DROP INDEX "opportunity_interests_created_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_created_idx";--> statement-breakpoint
CREATE INDEX "consultation_bookings_created_id_idx" ON "consultation_bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "consultation_bookings_status_created_id_idx" ON "consultation_bookings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_bookings_user_created_idx" ON "consultation_bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "document_downloads_user_created_idx" ON "document_downloads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "document_downloads_created_idx" ON "document_downloads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_published_kind_idx" ON "documents" USING btree ("is_published","kind","published_at");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investment_opportunities_status_created_idx" ON "investment_opportunities" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "investment_opportunities_created_idx" ON "investment_opportunities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "opportunity_interests_user_created_idx" ON "opportunity_interests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunity_interests_opportunity_created_idx" ON "opportunity_interests" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunity_interests_created_idx" ON "opportunity_interests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_created_idx" ON "subscriptions" USING btree ("user_id","created_at");