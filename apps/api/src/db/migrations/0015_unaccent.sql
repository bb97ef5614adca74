-- Written by hand (issue 26): PostgreSQL's own accent folding, for the staff's applicants search, which folded with a
-- translate() list of its own that left out the ligatures (œ, æ). PGlite loads the extension's files (db/client.ts);
-- on a PostgreSQL server it comes with postgresql-contrib, and is trusted: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS "unaccent";
