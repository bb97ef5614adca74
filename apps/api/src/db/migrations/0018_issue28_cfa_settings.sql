CREATE TABLE "cfa_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"denomination" text NOT NULL,
	"uai" text NOT NULL,
	"siret" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"representative_name" text NOT NULL,
	"representative_title" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_hours_fr" text NOT NULL,
	"contact_hours_en" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfa_settings_single_row_check" CHECK ("cfa_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "cfa_settings" ADD CONSTRAINT "cfa_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;