-- Written by hand, before the generated statements (decision 0026): the text columns go out of line (TOAST) past
-- 128 bytes, so that the table proper holds about 200 bytes an offer and the search reads it cheaply for each match.
-- Adding search_day below rewrites the table, which applies it to the offers already there.
ALTER TABLE "offers" SET (toast_tuple_target = 128);--> statement-breakpoint
CREATE TABLE "offer_days" (
	"day" date PRIMARY KEY NOT NULL,
	"active" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offers_version_single_row" CHECK ("offers_version"."id")
);
--> statement-breakpoint
DROP INDEX "offers_search_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_day" date[] GENERATED ALWAYS AS (array[publication_date]) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search_vector","search_day") WITH (fastupdate=false) WHERE "offers"."expired_at" is null;--> statement-breakpoint
-- Written by hand after the generated statements (decision 0026): the search's version row and per-day counts, kept by
-- statement triggers on offers so that every way of writing offers (the API, an import, psql) keeps them right.
INSERT INTO "offers_version" DEFAULT VALUES;--> statement-breakpoint
INSERT INTO "offer_days" ("day", "active") SELECT "publication_date", count(*) FROM "offers" WHERE "expired_at" IS NULL GROUP BY 1;--> statement-breakpoint
-- Before the statement, so that a writer takes this row's lock before any offer's: two transactions writing offers
-- queue here rather than deadlock on each other's offers and this row. Once per transaction (the row's xmin is then
-- this transaction's): readers see all its writes at once, and an import's thousands of statements would otherwise
-- each walk the row's thousands of versions.
CREATE FUNCTION "offers_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "offers_version" SET "version" = "version" + 1 WHERE xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "offers_bump_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "offers_bump_version"();--> statement-breakpoint
-- The net change of offers not expired per day; days in order, so that concurrent writers lock them in one order.
CREATE FUNCTION "offers_count_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "offer_days";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "offer_days" AS d ("day", "active")
      SELECT "publication_date", count(*) FROM new_rows WHERE "expired_at" IS NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT ("day") DO UPDATE SET "active" = d."active" + excluded."active";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "offer_days" d SET "active" = d."active" - gone.n
      FROM (SELECT "publication_date" AS "day", count(*) AS n FROM old_rows WHERE "expired_at" IS NULL GROUP BY 1) gone
      WHERE d."day" = gone."day";
  ELSE
    INSERT INTO "offer_days" AS d ("day", "active")
      SELECT "day", sum(n) FROM (
        SELECT "publication_date" AS "day", 1 AS n FROM new_rows WHERE "expired_at" IS NULL
        UNION ALL
        SELECT "publication_date", -1 FROM old_rows WHERE "expired_at" IS NULL
      ) moved GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
      ON CONFLICT ("day") DO UPDATE SET "active" = d."active" + excluded."active";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "offers_count_days_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_count_days"();--> statement-breakpoint
CREATE TRIGGER "offers_count_days_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_count_days"();--> statement-breakpoint
CREATE TRIGGER "offers_count_days_delete" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_count_days"();--> statement-breakpoint
CREATE TRIGGER "offers_count_days_truncate" AFTER TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "offers_count_days"();
--> statement-breakpoint
-- The search's two scans of the search index (apps/api/src/modules/offers/offers.repo.ts), here for their SET clause:
-- no sequential scan. The planner does not count reading each offer's search vector, stored out of line; on a small
-- table it would read them all rather than the index. The newest `wanted` matches among at most `cap` read, and how
-- many were read.
CREATE FUNCTION "offers_matches_on_days"("query" text, "days" date[], "cap" bigint, "wanted" bigint)
RETURNS TABLE ("ids" integer[], "read" integer) LANGUAGE sql STABLE SET enable_seqscan = off AS $$
  WITH m AS MATERIALIZED (
    SELECT "id", "publication_date" FROM "offers"
     WHERE "expired_at" IS NULL AND "search_vector" @@ websearch_to_tsquery('french', "query") AND "search_day" && "days"
     LIMIT "cap"
  )
  SELECT ARRAY(SELECT "id" FROM m ORDER BY "publication_date" DESC, "id" DESC LIMIT "wanted"), (SELECT count(*)::int FROM m)
$$;--> statement-breakpoint
CREATE FUNCTION "offers_matches_on_all_days"("query" text, "after" date, "before" date, "cap" bigint, "wanted" bigint)
RETURNS TABLE ("ids" integer[], "read" integer) LANGUAGE sql STABLE SET enable_seqscan = off AS $$
  WITH m AS MATERIALIZED (
    SELECT "id", "publication_date" FROM "offers"
     WHERE "expired_at" IS NULL AND "search_vector" @@ websearch_to_tsquery('french', "query")
     LIMIT "cap"
  )
  SELECT ARRAY(
           SELECT "id" FROM m
            WHERE ("after" IS NULL OR "publication_date" >= "after") AND ("before" IS NULL OR "publication_date" <= "before")
            ORDER BY "publication_date" DESC, "id" DESC LIMIT "wanted"
         ),
         (SELECT count(*)::int FROM m)
$$;
