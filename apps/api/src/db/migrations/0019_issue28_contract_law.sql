CREATE TABLE "lookup_answers" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lookup_answers_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "ref_idcc" (
	"code" text PRIMARY KEY NOT NULL,
	"etat" text,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_idcc_opco" (
	"idcc" text PRIMARY KEY NOT NULL,
	"opco" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_naf" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_postcodes" (
	"code_postal" text NOT NULL,
	"code_insee" text NOT NULL,
	"commune" text NOT NULL,
	CONSTRAINT "ref_postcodes_code_postal_code_insee_pk" PRIMARY KEY("code_postal","code_insee")
);
--> statement-breakpoint
CREATE TABLE "reference_tables" (
	"name" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_date" date NOT NULL,
	"row_count" integer NOT NULL,
	"shipped" boolean NOT NULL,
	"loaded_by" integer,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "rncp_end_date" date;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "remote_hours" integer;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "rncp_level" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "holds_workshops" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "bac_attestation_or_more" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "smic_rates" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "reference_tables" ADD CONSTRAINT "reference_tables_loaded_by_users_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lookup_answers_fetched_idx" ON "lookup_answers" USING btree ("fetched_at");--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_remote_hours_check" CHECK ("formations"."remote_hours" is null or ("formations"."remote_hours" >= 0 and "formations"."hours" is not null and "formations"."remote_hours" <= "formations"."hours"));--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_rncp_level_check" CHECK ("formations"."rncp_level" is null or "formations"."rncp_level" between 3 and 8);--> statement-breakpoint
UPDATE "schools" SET "holds_workshops" = true WHERE "code" IN ('EMLV', 'ESILV');--> statement-breakpoint
UPDATE "schools" SET "bac_attestation_or_more" = true WHERE "code" = 'ESILV';
