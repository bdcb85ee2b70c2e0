DROP INDEX "consultation_bookings_search_idx";--> statement-breakpoint
DROP INDEX "contact_messages_search_idx";--> statement-breakpoint
DROP INDEX "consultation_bookings_email_idx";--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("consultation_bookings"."first_name" || ' ' || "consultation_bookings"."last_name" || ' ' || "consultation_bookings"."email" || ' ' || "consultation_bookings"."reference" || ' ' || "consultation_bookings"."message")) STORED;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("contact_messages"."first_name" || ' ' || "contact_messages"."last_name" || ' ' || "contact_messages"."email" || ' ' || "contact_messages"."message")) STORED;--> statement-breakpoint
CREATE INDEX "consultation_bookings_search_text_idx" ON "consultation_bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_messages_search_text_idx" ON "contact_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consultation_bookings_email_idx" ON "consultation_bookings" USING btree (lower("email"));--> statement-breakpoint
-- A search's plan rests on PostgreSQL's guess of how many rows match, taken from the column's
-- histogram: at the default 100 entries a term in fewer than one row in a hundred is guessed
-- at one in ten thousand, and a term in 0.4 % of a million bookings was then sorted, all of
-- it, for one page. With 1,000 entries the guess holds to one row in a thousand (issue 34).
ALTER TABLE "consultation_bookings" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "search_text" SET STATISTICS 1000;
