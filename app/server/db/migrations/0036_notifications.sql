CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"action" text NOT NULL,
	"means" text NOT NULL,
	"phone" text NOT NULL,
	"wording" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_action_check" CHECK ("consent_records"."action" in ('given', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"to_phone" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_channel_unique" UNIQUE("notification_id","channel"),
	CONSTRAINT "notification_deliveries_status_check" CHECK ("notification_deliveries"."status" in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'given-up', 'withdrawn')),
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_topic_channel_pk" PRIMARY KEY("user_id","topic","channel"),
	CONSTRAINT "notification_preferences_topic_check" CHECK ("notification_preferences"."topic" in ('bookings', 'documents', 'interests', 'signing', 'payments', 'progress', 'opportunities', 'security')),
	CONSTRAINT "notification_preferences_channel_check" CHECK ("notification_preferences"."channel" in ('email', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"phone_code_hash" text,
	"phone_code_expires_at" timestamp with time zone,
	"phone_code_attempts" integer DEFAULT 0 NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_wording" text,
	"consent_channel" text,
	"consent_withdrawn_at" timestamp with time zone,
	"fallback_locale" text DEFAULT 'en' NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text DEFAULT 'Asia/Baghdad' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_consent_channel_check" CHECK ("notification_settings"."consent_channel" is null or "notification_settings"."consent_channel" in ('whatsapp-code', 'wa-me')),
	CONSTRAINT "notification_settings_fallback_check" CHECK ("notification_settings"."fallback_locale" in ('en', 'ar')),
	CONSTRAINT "notification_settings_quiet_check" CHECK (("notification_settings"."quiet_start" is null) = ("notification_settings"."quiet_end" is null))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"once_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booking-confirmed', 'booking-moved', 'booking-cancelled', 'booking-reminder-24h', 'booking-reminder-1h', 'document-published', 'interest-status', 'signature-requested', 'instalment-call', 'instalment-reminder', 'receipt-issued', 'progress-update', 'opportunity-alert', 'security-notice'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_message_unique" ON "notification_deliveries" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_status_idx" ON "notification_deliveries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notification_settings_phone_idx" ON "notification_settings" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key_unique" ON "notifications" USING btree ("once_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;