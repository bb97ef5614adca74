CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Sessions opened before this table: one per refresh family, revoked when the family was, so that their refresh
-- cookies keep working (the access tokens minted before carry no session and are refused: those users sign in again).
INSERT INTO "sessions" ("id", "user_id", "revoked_at", "created_at")
SELECT "family", min("user_id"), max("revoked_at"), min("created_at") FROM "refresh_tokens" GROUP BY "family";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_sessions_id_fk" FOREIGN KEY ("family") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;