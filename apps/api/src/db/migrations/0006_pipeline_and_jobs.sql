CREATE TABLE "job_marks" (
	"job" text NOT NULL,
	"key" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_marks_job_key_pk" PRIMARY KEY("job","key")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "dossiers" ADD COLUMN "waiting_for" text;--> statement-breakpoint
ALTER TABLE "dossiers" ADD COLUMN "waiting_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dossiers" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "dossiers_waiting_idx" ON "dossiers" USING btree ("waiting_for","waiting_since");