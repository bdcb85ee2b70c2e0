CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"document_type" text NOT NULL,
	"entity_name" text,
	"entity_number" text,
	"entity_country" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"retain_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "identity_checks_status_check" CHECK ("identity_checks"."status" in ('submitted', 'approved', 'rejected', 'expired')),
	CONSTRAINT "identity_checks_document_type_check" CHECK ("identity_checks"."document_type" in ('passport', 'national_id'))
);
--> statement-breakpoint
CREATE TABLE "identity_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"check_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_files_check_kind_unique" UNIQUE("check_id","kind"),
	CONSTRAINT "identity_files_kind_check" CHECK ("identity_files"."kind" in ('identity_document', 'proof_of_address', 'entity_registration'))
);
--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_files" ADD CONSTRAINT "identity_files_check_id_identity_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."identity_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_status_submitted_idx" ON "identity_checks" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "identity_checks_expires_idx" ON "identity_checks" USING btree ("expires_at") WHERE "identity_checks"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "identity_checks_retain_idx" ON "identity_checks" USING btree ("retain_until") WHERE "identity_checks"."retain_until" is not null;--> statement-breakpoint
CREATE INDEX "identity_files_key_idx" ON "identity_files" USING btree ("key_id");