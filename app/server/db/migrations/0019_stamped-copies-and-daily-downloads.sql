DROP INDEX "document_downloads_document_idx";--> statement-breakpoint
ALTER TABLE "document_downloads" ADD COLUMN "day" date;--> statement-breakpoint
-- Downloads logged before this migration get the UTC day they happened on (the firm's time
-- zone is configuration, not known here); from now on the service writes the firm's day.
UPDATE "document_downloads" SET "day" = ("created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
-- A reader counts once per document per day (decision 031): only their first row of a day stays.
DELETE FROM "document_downloads" AS later USING "document_downloads" AS earlier
WHERE later."document_id" = earlier."document_id" AND later."user_id" = earlier."user_id" AND later."day" = earlier."day"
  AND (later."created_at" > earlier."created_at" OR (later."created_at" = earlier."created_at" AND later."id" > earlier."id"));--> statement-breakpoint
ALTER TABLE "document_downloads" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "stamp_of" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "stamped_for" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "stamp_key" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_stamped_for_user_id_fk" FOREIGN KEY ("stamped_for") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_downloads_reader_day_unique" ON "document_downloads" USING btree ("document_id","user_id","day");--> statement-breakpoint
CREATE INDEX "stored_files_stamp_of_idx" ON "stored_files" USING btree ("stamp_of") WHERE "stored_files"."stamp_of" is not null;--> statement-breakpoint
CREATE INDEX "stored_files_stamped_for_idx" ON "stored_files" USING btree ("stamped_for") WHERE "stored_files"."stamped_for" is not null;--> statement-breakpoint
CREATE INDEX "stored_files_stamp_created_idx" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."stamp_key" is not null;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_stamp_key_unique" UNIQUE("stamp_key");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_stamp_check" CHECK (("stored_files"."stamp_key" is null and "stored_files"."stamp_of" is null and "stored_files"."stamped_for" is null) or ("stored_files"."stamp_key" is not null and "stored_files"."stamp_of" is not null and "stored_files"."stamped_for" is not null));