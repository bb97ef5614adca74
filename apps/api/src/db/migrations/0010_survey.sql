CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"dossier_id" integer NOT NULL,
	"etape" text NOT NULL,
	"user_id" integer NOT NULL,
	"respondent" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "survey_answers_page_check" CHECK ("survey_answers"."page" between 1 and 3),
	CONSTRAINT "survey_answers_respondent_check" CHECK ("survey_answers"."respondent" in ('admissible','company'))
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_person_idx" ON "survey_answers" USING btree ("dossier_id","etape","user_id");--> statement-breakpoint
CREATE INDEX "survey_answers_etape_idx" ON "survey_answers" USING btree ("etape","created_at");