CREATE TABLE "whatsapp_inbound_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "escrow_bank" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "escrow_account_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "escrow_iban" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "escrow_bic" text;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_received_idx" ON "whatsapp_inbound_messages" USING btree ("received_at");