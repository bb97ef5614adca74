CREATE TABLE "dossier_personal" (
	"dossier_id" integer PRIMARY KEY NOT NULL,
	"nir_ciphertext" text,
	"nir_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dossier_personal_nir_pair_check" CHECK (("dossier_personal"."nir_ciphertext" is null) = ("dossier_personal"."nir_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "dossier_terms" (
	"dossier_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_validations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dossier_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_validations_decision_check" CHECK ("funding_validations"."decision" in ('accepted','denied','stalled')),
	CONSTRAINT "funding_validations_reason_check" CHECK ("funding_validations"."decision" <> 'denied' or length(trim(coalesce("funding_validations"."reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "sheet_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"dossier_id" integer NOT NULL,
	"sheet_kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"dossier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "sheets_kind_check" CHECK ("sheets"."kind" in ('f1ca','f1ce','missions','fra','fre')),
	CONSTRAINT "sheets_status_check" CHECK ("sheets"."status" in ('draft','submitted')),
	CONSTRAINT "sheets_submitted_at_check" CHECK (("sheets"."status" = 'submitted') = ("sheets"."submitted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "smic_rates" (
	"valid_from" date PRIMARY KEY NOT NULL,
	"monthly" numeric(10, 2) NOT NULL,
	"hourly" numeric(10, 2) NOT NULL,
	"mayotte_monthly" numeric(10, 2),
	"mayotte_hourly" numeric(10, 2),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dossier_personal" ADD CONSTRAINT "dossier_personal_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_terms" ADD CONSTRAINT "dossier_terms_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_terms" ADD CONSTRAINT "dossier_terms_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_validations" ADD CONSTRAINT "funding_validations_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_validations" ADD CONSTRAINT "funding_validations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_attachments" ADD CONSTRAINT "sheet_attachments_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_attachments" ADD CONSTRAINT "sheet_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_attachments" ADD CONSTRAINT "sheet_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheets" ADD CONSTRAINT "sheets_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheets" ADD CONSTRAINT "sheets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smic_rates" ADD CONSTRAINT "smic_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dossier_personal_nir_hash_idx" ON "dossier_personal" USING btree ("nir_hash");--> statement-breakpoint
CREATE INDEX "funding_validations_dossier_idx" ON "funding_validations" USING btree ("dossier_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sheet_attachments_dossier_kind_idx" ON "sheet_attachments" USING btree ("dossier_id","sheet_kind");--> statement-breakpoint
CREATE INDEX "sheet_attachments_file_idx" ON "sheet_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sheets_dossier_kind_idx" ON "sheets" USING btree ("dossier_id","kind");