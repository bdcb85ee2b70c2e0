CREATE TABLE "adviser_busy_times" (
	"adviser_id" uuid NOT NULL,
	"href" text NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "adviser_busy_times_order_check" CHECK ("adviser_busy_times"."ends_at" > "adviser_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "adviser_calendars" (
	"adviser_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"username" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"secret_wrapped_key" "bytea" NOT NULL,
	"secret_iv" "bytea" NOT NULL,
	"secret_auth_tag" "bytea" NOT NULL,
	"secret_ciphertext" "bytea" NOT NULL,
	"ctag" text,
	"sync_token" text,
	"last_synced_at" timestamp with time zone,
	"full_sync_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_calendar_events" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"adviser_id" uuid NOT NULL,
	"href" text NOT NULL,
	"sequence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adviser_busy_times" ADD CONSTRAINT "adviser_busy_times_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_calendars" ADD CONSTRAINT "adviser_calendars_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_calendar_events" ADD CONSTRAINT "booking_calendar_events_booking_id_consultation_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."consultation_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_calendar_events" ADD CONSTRAINT "booking_calendar_events_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adviser_busy_times_adviser_day_idx" ON "adviser_busy_times" USING btree ("adviser_id","day");--> statement-breakpoint
CREATE INDEX "adviser_busy_times_adviser_href_idx" ON "adviser_busy_times" USING btree ("adviser_id","href");