ALTER TABLE "formations" ADD COLUMN "rncp_end_date" date;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "holds_workshops" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "bac_attestation_or_more" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "schools" SET "holds_workshops" = true WHERE "code" IN ('EMLV', 'ESILV');--> statement-breakpoint
UPDATE "schools" SET "bac_attestation_or_more" = true WHERE "code" = 'ESILV';
