CREATE TABLE "job_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"started_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_queue_state_check" CHECK ("job_queue"."state" in ('queued','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "request_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_user_id_key_route_pk" PRIMARY KEY("user_id","key","route")
);
--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_queue_kind_key_idx" ON "job_queue" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "job_queue_due_idx" ON "job_queue" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "request_keys_created_idx" ON "request_keys" USING btree ("created_at");