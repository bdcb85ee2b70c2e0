ALTER TABLE "consultation_bookings" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_locale_check" CHECK ("consultation_bookings"."locale" in ('en', 'ar', 'ckb'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_locale_check" CHECK ("user"."locale" in ('en', 'ar', 'ckb'));