CREATE TABLE "sealed_file_reencryptions" (
	"master_key_id" text NOT NULL,
	"sealed_table" text NOT NULL,
	"row_id" uuid NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sealed_file_reencryptions_master_key_id_sealed_table_row_id_pk" PRIMARY KEY("master_key_id","sealed_table","row_id"),
	CONSTRAINT "sealed_file_reencryptions_table_check" CHECK ("sealed_file_reencryptions"."sealed_table" in ('identity_files', 'payment_proofs', 'adviser_calendars'))
);
