CREATE TABLE "login_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_type" text NOT NULL,
	"prenom" text DEFAULT '' NOT NULL,
	"nom" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'fr-FR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('anon','admin','staff','intervenant','student','parent','admissible','company')),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"dossier_id" integer,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" integer,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending','sending','sent','printed','failed'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admissibles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"formation_id" integer,
	"contract_type" text,
	"cvec_number" text,
	"cvec_file_id" uuid,
	"cvec_valid" boolean DEFAULT false NOT NULL,
	"attestation_bac_file_id" uuid,
	"attestation_bac_valid" boolean DEFAULT false NOT NULL,
	"forum_invited" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "atelier_registrations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"atelier_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ateliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL,
	"quota" integer NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cms_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_sections_lang_check" CHECK ("cms_sections"."lang" in ('fr','en'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"siret" text
);
--> statement-breakpoint
CREATE TABLE "company_users" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "company_users_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dossier_steps" (
	"dossier_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" smallint NOT NULL,
	CONSTRAINT "dossier_steps_dossier_id_type_pk" PRIMARY KEY("dossier_id","type"),
	CONSTRAINT "dossier_steps_status_check" CHECK ("dossier_steps"."status" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "dossiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"admissible_user_id" integer NOT NULL,
	"company_id" integer,
	"formation_id" integer,
	"dossier_name" text,
	"dossier_statut" integer DEFAULT 1 NOT NULL,
	"dossier_accessible" boolean DEFAULT true NOT NULL,
	"cerfa_file_id" uuid,
	"cerfa_avenant_file_id" uuid,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dossiers_statut_check" CHECK ("dossiers"."dossier_statut" between 1 and 13)
);
--> statement-breakpoint
CREATE TABLE "formations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"libelle" text NOT NULL,
	"year" integer NOT NULL,
	"etape" integer NOT NULL,
	"contract_types" text DEFAULT 'APP' NOT NULL,
	"training_start" date NOT NULL,
	"training_end" date NOT NULL,
	"pro_start_after" date,
	"pro_end_before" date,
	"rncp" text,
	"code_diplome" text,
	"hours" integer
);
--> statement-breakpoint
CREATE TABLE "forum_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"link" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo" text,
	"company_name" text NOT NULL,
	"publication_date" date NOT NULL,
	"start_date" date,
	"description" text NOT NULL,
	"link_type" text NOT NULL,
	"link" text NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "offers_link_type_check" CHECK ("offers"."link_type" in ('link','mail'))
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"logo" text NOT NULL,
	"web" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translate_key" text,
	"file_id" uuid NOT NULL,
	"audience" text DEFAULT 'home' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "schools_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tracking_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target_company" text NOT NULL,
	"position" text NOT NULL,
	"application_date" date NOT NULL,
	"application_type" text,
	"contact_last_name" text,
	"contact_first_name" text,
	"contact_position" text,
	"contact_email" text,
	"contact_phone" text,
	"first_contact_date" date,
	"interview_date" date,
	"relaunch_date" date,
	"relaunch_method" text,
	"response" smallint,
	"response_date" date,
	"offer_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_tokens" ADD CONSTRAINT "login_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissibles" ADD CONSTRAINT "admissibles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissibles" ADD CONSTRAINT "admissibles_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissibles" ADD CONSTRAINT "admissibles_cvec_file_id_files_id_fk" FOREIGN KEY ("cvec_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissibles" ADD CONSTRAINT "admissibles_attestation_bac_file_id_files_id_fk" FOREIGN KEY ("attestation_bac_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atelier_registrations" ADD CONSTRAINT "atelier_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atelier_registrations" ADD CONSTRAINT "atelier_registrations_atelier_id_ateliers_id_fk" FOREIGN KEY ("atelier_id") REFERENCES "public"."ateliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ateliers" ADD CONSTRAINT "ateliers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_steps" ADD CONSTRAINT "dossier_steps_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_admissible_user_id_users_id_fk" FOREIGN KEY ("admissible_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_cerfa_file_id_files_id_fk" FOREIGN KEY ("cerfa_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_cerfa_avenant_file_id_files_id_fk" FOREIGN KEY ("cerfa_avenant_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_files" ADD CONSTRAINT "public_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_entries" ADD CONSTRAINT "tracking_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_tokens_user_idx" ON "login_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE INDEX "audit_log_dossier_idx" ON "audit_log" USING btree ("dossier_id","at");--> statement-breakpoint
CREATE INDEX "files_owner_kind_idx" ON "files" USING btree ("owner_user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_sections_section_lang_idx" ON "cms_sections" USING btree ("section","lang");--> statement-breakpoint
CREATE INDEX "dossiers_admissible_idx" ON "dossiers" USING btree ("admissible_user_id");--> statement-breakpoint
CREATE INDEX "dossiers_company_idx" ON "dossiers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "offers_publication_idx" ON "offers" USING btree ("publication_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin (to_tsvector('french', "search_text"));--> statement-breakpoint
CREATE INDEX "tracking_entries_user_idx" ON "tracking_entries" USING btree ("user_id","application_date");