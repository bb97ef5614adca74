ALTER TABLE "formations" ADD COLUMN "remote_hours" integer;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "rncp_level" integer;--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_remote_hours_check" CHECK ("formations"."remote_hours" is null or ("formations"."remote_hours" >= 0 and "formations"."hours" is not null and "formations"."remote_hours" <= "formations"."hours"));--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_rncp_level_check" CHECK ("formations"."rncp_level" is null or "formations"."rncp_level" between 3 and 8);