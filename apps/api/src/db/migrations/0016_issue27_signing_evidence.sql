-- Issue 27, signing evidence that names the right people: the one-time code bound to the account and address it was
-- mailed to, the wrong codes counted over the procedure's life (past the cap the signer is locked until staff restart),
-- and the signature code's mail queued with its code encrypted rather than in clear.
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_secret" text;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "code_user_id" integer;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "code_email" text;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_code_user_id_users_id_fk" FOREIGN KEY ("code_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_code_failures_check" CHECK ("signature_signers"."code_failures" >= 0);
