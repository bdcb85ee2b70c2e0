CREATE TABLE "admin_table_preferences" (
	"user_id" text NOT NULL,
	"table_key" text NOT NULL,
	"hidden_columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_table_preferences_user_id_table_key_pk" PRIMARY KEY("user_id","table_key"),
	CONSTRAINT "admin_table_preferences_table_key_check" CHECK ("admin_table_preferences"."table_key" in ('bookings', 'messages', 'users', 'interests', 'documents', 'downloads', 'activity', 'alerts', 'audit'))
);
--> statement-breakpoint
ALTER TABLE "admin_table_preferences" ADD CONSTRAINT "admin_table_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_bookings_search_idx" ON "consultation_bookings" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "reference" || ' ' || "message") gin_trgm_ops);