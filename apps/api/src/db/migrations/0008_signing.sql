CREATE TABLE "signature_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"procedure_id" uuid NOT NULL,
	"contract_document_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "signature_documents_sha256_check" CHECK ("signature_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "signature_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dossier_id" integer NOT NULL,
	"procedure_id" uuid,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"row_hash" text NOT NULL,
	CONSTRAINT "signature_events_hashes_check" CHECK ("signature_events"."prev_hash" ~ '^[0-9a-f]{64}$' and "signature_events"."row_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "signature_procedures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dossier_id" integer NOT NULL,
	"method" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"started_by" integer,
	"result_file_id" uuid,
	"result_sha256" text,
	"chain_head_hash" text,
	CONSTRAINT "signature_procedures_method_check" CHECK ("signature_procedures"."method" is null or "signature_procedures"."method" in ('online','manual')),
	CONSTRAINT "signature_procedures_state_check" CHECK ("signature_procedures"."state" in ('pending','completed','refused','expired','cancelled','superseded')),
	CONSTRAINT "signature_procedures_result_sha256_check" CHECK ("signature_procedures"."result_sha256" is null or "signature_procedures"."result_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" serial PRIMARY KEY NOT NULL,
	"procedure_id" uuid NOT NULL,
	"role" text NOT NULL,
	"sign_order" integer NOT NULL,
	"user_id" integer,
	"signed_by_user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"notified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refusal_reason" text,
	"ip" text,
	"user_agent" text,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	CONSTRAINT "signature_signers_role_check" CHECK ("signature_signers"."role" in ('employer','apprentice','legal_representative','school')),
	CONSTRAINT "signature_signers_status_check" CHECK ("signature_signers"."status" in ('pending','signed','refused')),
	CONSTRAINT "signature_signers_code_attempts_check" CHECK ("signature_signers"."code_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_procedure_id_signature_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."signature_procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_contract_document_id_contract_documents_id_fk" FOREIGN KEY ("contract_document_id") REFERENCES "public"."contract_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_procedures" ADD CONSTRAINT "signature_procedures_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_procedures" ADD CONSTRAINT "signature_procedures_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_procedures" ADD CONSTRAINT "signature_procedures_result_file_id_files_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_procedure_id_signature_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."signature_procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_documents_procedure_document_idx" ON "signature_documents" USING btree ("procedure_id","contract_document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_documents_procedure_position_idx" ON "signature_documents" USING btree ("procedure_id","position");--> statement-breakpoint
CREATE INDEX "signature_events_dossier_idx" ON "signature_events" USING btree ("dossier_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_events_chain_idx" ON "signature_events" USING btree ("dossier_id","prev_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_events_row_hash_idx" ON "signature_events" USING btree ("row_hash");--> statement-breakpoint
CREATE INDEX "signature_procedures_dossier_idx" ON "signature_procedures" USING btree ("dossier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_procedures_pending_idx" ON "signature_procedures" USING btree ("dossier_id") WHERE "signature_procedures"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_procedure_role_idx" ON "signature_signers" USING btree ("procedure_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_procedure_order_idx" ON "signature_signers" USING btree ("procedure_id","sign_order");--> statement-breakpoint
CREATE INDEX "signature_signers_user_idx" ON "signature_signers" USING btree ("user_id");--> statement-breakpoint
-- The signature audit trail is append-only: any UPDATE, DELETE or TRUNCATE is refused (written by hand, after the
-- generated statements; each statement between breakpoints runs alone).
CREATE FUNCTION "signature_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'signature_events is append-only: % refused', TG_OP USING ERRCODE = 'P0001', HINT = 'signature_events_append_only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signature_events_no_update_delete" BEFORE UPDATE OR DELETE ON "signature_events" FOR EACH ROW EXECUTE FUNCTION "signature_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "signature_events_no_truncate" BEFORE TRUNCATE ON "signature_events" FOR EACH STATEMENT EXECUTE FUNCTION "signature_events_append_only"();
