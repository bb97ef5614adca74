DROP INDEX "offers_publication_idx";--> statement-breakpoint
DROP INDEX "offers_search_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('french'::regconfig, search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "atelier_registrations_atelier_idx" ON "atelier_registrations" USING btree ("atelier_id");--> statement-breakpoint
CREATE INDEX "ateliers_school_date_idx" ON "ateliers" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "offers_publication_idx" ON "offers" USING btree ("publication_date","id");--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "ateliers" ADD CONSTRAINT "ateliers_quota_check" CHECK ("ateliers"."quota" >= 0);--> statement-breakpoint
ALTER TABLE "tracking_entries" ADD CONSTRAINT "tracking_entries_application_type_check" CHECK ("tracking_entries"."application_type" in ('spontanee','offre'));--> statement-breakpoint
ALTER TABLE "tracking_entries" ADD CONSTRAINT "tracking_entries_relaunch_method_check" CHECK ("tracking_entries"."relaunch_method" in ('telephone','email','courrier'));--> statement-breakpoint
ALTER TABLE "tracking_entries" ADD CONSTRAINT "tracking_entries_response_check" CHECK ("tracking_entries"."response" in (0,1));