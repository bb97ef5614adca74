ALTER TABLE "signature_signers" DROP CONSTRAINT "signature_signers_status_check";--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "scan_file_id" uuid;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "scan_sha256" text;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "scan_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_scan_file_id_files_id_fk" FOREIGN KEY ("scan_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_method_check" CHECK ("signature_signers"."method" is null or "signature_signers"."method" in ('online','manual'));--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_status_check" CHECK ("signature_signers"."status" in ('pending','submitted','signed','refused'));