ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
DROP INDEX "availability_slots_date_start_unique";--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "takes_bookings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "work_days" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "work_start" time DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "work_end" time DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "buffer_before_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "buffer_after_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "notice_hours" smallint;--> statement-breakpoint
ALTER TABLE "advisers" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD COLUMN "adviser_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_slots_date_start_idx" ON "availability_slots" USING btree ("date","start_time");--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_user_id_unique" UNIQUE("user_id");--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_adviser_date_start_unique" UNIQUE NULLS NOT DISTINCT("adviser_id","date","start_time");--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_work_days_check" CHECK ("advisers"."work_days" <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[] and cardinality("advisers"."work_days") > 0);--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_work_hours_check" CHECK ("advisers"."work_end" > "advisers"."work_start");--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_buffers_check" CHECK ("advisers"."buffer_before_minutes" between 0 and 120 and "advisers"."buffer_after_minutes" between 0 and 120);--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_notice_check" CHECK ("advisers"."notice_hours" is null or "advisers"."notice_hours" between 0 and 336);--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_outcome_check" CHECK ("consultation_bookings"."outcome" is null or "consultation_bookings"."outcome" in ('held', 'no_show'));--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('user', 'adviser', 'admin'));