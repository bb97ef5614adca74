ALTER TABLE "formations" ADD COLUMN "rncp_end_date" date;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "remote_hours" integer;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "rncp_level" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "holds_workshops" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "bac_attestation_or_more" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_remote_hours_check" CHECK ("formations"."remote_hours" is null or ("formations"."remote_hours" >= 0 and "formations"."hours" is not null and "formations"."remote_hours" <= "formations"."hours"));--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_rncp_level_check" CHECK ("formations"."rncp_level" is null or "formations"."rncp_level" between 3 and 8);--> statement-breakpoint
UPDATE "schools" SET "holds_workshops" = true WHERE "code" IN ('EMLV', 'ESILV');--> statement-breakpoint
UPDATE "schools" SET "bac_attestation_or_more" = true WHERE "code" = 'ESILV';
