-- The information sheet's parts (fra, fre) used 2 for "a draft was saved" and 3 for "sent". They now use 2 for "sent,
-- waiting for the other part" and set both to 3 once both are sent (decision 0004). Convert rows written before.
-- A part at 2 whose sheet is still a draft goes back to "to do".
UPDATE "dossier_steps" AS s SET "status" = 1
WHERE s."type" IN ('fra', 'fre') AND s."status" = 2
  AND NOT EXISTS (
    SELECT 1 FROM "sheets" AS sh WHERE sh."dossier_id" = s."dossier_id" AND sh."kind" = s."type" AND sh."status" = 'submitted'
  );
--> statement-breakpoint
-- A part sent while the other is not: "sent, waiting for the other part".
UPDATE "dossier_steps" AS s SET "status" = 2
WHERE s."type" IN ('fra', 'fre') AND s."status" = 3
  AND EXISTS (
    SELECT 1 FROM "dossier_steps" AS o
    WHERE o."dossier_id" = s."dossier_id" AND o."type" = CASE s."type" WHEN 'fra' THEN 'fre' ELSE 'fra' END AND o."status" <> 3
  );
