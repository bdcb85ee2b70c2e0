DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "document_downloads_created_idx";--> statement-breakpoint
DROP INDEX "opportunity_interests_opportunity_created_idx";--> statement-breakpoint
DROP INDEX "opportunity_interests_created_idx";--> statement-breakpoint
CREATE INDEX "alert_subscriptions_created_id_idx" ON "alert_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "document_downloads_created_id_idx" ON "document_downloads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "opportunity_interests_opportunity_created_id_idx" ON "opportunity_interests" USING btree ("opportunity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "opportunity_interests_created_id_idx" ON "opportunity_interests" USING btree ("created_at","id");