ALTER TABLE "offers" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_external_ref_unique" UNIQUE("external_ref");