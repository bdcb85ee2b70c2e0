CREATE TABLE "opportunity_image_variants" (
	"image_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "opportunity_image_variants_image_id_format_width_pk" PRIMARY KEY("image_id","format","width"),
	CONSTRAINT "opportunity_image_variants_format_check" CHECK ("opportunity_image_variants"."format" in ('avif', 'webp'))
);
--> statement-breakpoint
CREATE TABLE "opportunity_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption_en" text DEFAULT '' NOT NULL,
	"caption_ar" text DEFAULT '' NOT NULL,
	"caption_ckb" text DEFAULT '' NOT NULL,
	"fallback_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_images_size_check" CHECK ("opportunity_images"."width" > 0 and "opportunity_images"."height" > 0 and "opportunity_images"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "opportunity_image_variants" ADD CONSTRAINT "opportunity_image_variants_image_id_opportunity_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."opportunity_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_image_variants" ADD CONSTRAINT "opportunity_image_variants_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_images" ADD CONSTRAINT "opportunity_images_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_images" ADD CONSTRAINT "opportunity_images_fallback_file_id_stored_files_id_fk" FOREIGN KEY ("fallback_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_images_opportunity_position_idx" ON "opportunity_images" USING btree ("opportunity_id","position");--> statement-breakpoint
-- hand-written:
-- A photo added, captioned, moved or removed changes the opportunity's public page: the
-- render caches must see it (decision 024). The variants change only with their photo.
CREATE TRIGGER "opportunity_images_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunity_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
