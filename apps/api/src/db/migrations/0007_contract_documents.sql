CREATE TABLE "contract_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"dossier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"edition" text,
	"pages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "contract_documents_kind_check" CHECK ("contract_documents"."kind" in ('cerfa','convention','mandate','annex')),
	CONSTRAINT "contract_documents_version_check" CHECK ("contract_documents"."version" > 0),
	CONSTRAINT "contract_documents_sha256_check" CHECK ("contract_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_dossier_id_dossiers_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_documents_version_idx" ON "contract_documents" USING btree ("dossier_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_documents_current_idx" ON "contract_documents" USING btree ("dossier_id","kind") WHERE "contract_documents"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "contract_documents_file_idx" ON "contract_documents" USING btree ("file_id");