import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { offerDays, offers, offersVersion } from '../../db/schema/index.ts';

export type OfferRow = Pick<
  typeof offers.$inferSelect,
  'id' | 'title' | 'logo' | 'companyName' | 'publicationDate' | 'startDate' | 'description' | 'linkType' | 'link'
>;
export type NewOfferRow = Omit<typeof offers.$inferInsert, 'id' | 'searchVector' | 'searchDay'>;

const wireColumns = {
  id: offers.id,
  title: offers.title,
  logo: offers.logo,
  companyName: offers.companyName,
  publicationDate: offers.publicationDate,
  startDate: offers.startDate,
  description: offers.description,
  linkType: offers.linkType,
  link: offers.link,
};

export async function insertOffers(db: Db, rows: NewOfferRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(offers).values(rows.slice(i, i + 500));
  }
}

// ---------- The applicants' search (docs/decisions/0026-offers-search-at-national-scale.md) ----------

/** Both drivers answer raw queries with `rows`. */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** The publication-date bounds of a search, both included; the applicants' search reads offers not expired only. */
function activeWithin(bounds: DateBounds): SQL {
  const parts: SQL[] = [isNull(offers.expiredAt)];
  if (bounds.after) parts.push(gte(offers.publicationDate, bounds.after));
  if (bounds.before) parts.push(lte(offers.publicationDate, bounds.before));
  return and(...parts) ?? sql`true`;
}

/**
 * A list of dates or ids as one array parameter (an array literal): Drizzle spreads a JS array into one parameter per
 * element, and the drivers do not serialise arrays alike.
 */
const arrayParam = (list: (string | number)[]) => `{${list.join(',')}}`;

const matchesText = (text: string) => sql`${offers.searchVector} @@ websearch_to_tsquery('french', ${text})`;
const newestFirst = sql`${offers.publicationDate} desc, ${offers.id} desc`;

export interface DateBounds {
  after: string | undefined;
  before: string | undefined;
}

/** The version the offers are at: bumped by a trigger in every transaction that writes offers (migration 0014). */
export async function findOffersVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: offersVersion.version }).from(offersVersion);
  return row?.version ?? 0;
}

/** Days that hold offers not expired, newest first, with their number. */
export async function findOfferDays(db: Db): Promise<{ day: string; active: number }[]> {
  return db
    .select({ day: offerDays.day, active: offerDays.active })
    .from(offerDays)
    .where(sql`${offerDays.active} > 0`)
    .orderBy(desc(offerDays.day));
}

/**
 * The planner's estimate of the offers not expired matching a text: from the word statistics ANALYZE keeps for the
 * search vector, for any syntax websearch_to_tsquery accepts. Good for frequent words; phrases and words that go
 * together are estimated as if independent, which the search's guards catch.
 */
export async function estimateTextMatches(db: Db, text: string): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${offers} where ${isNull(offers.expiredAt)} and ${matchesText(text)}`,
  );
  const plan: unknown = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  const rows = (plan as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : 0;
}

/**
 * Gives offers statistics when they have none. PostgreSQL's autovacuum keeps them; PGlite has no autovacuum, and
 * without them the planner takes the date index's condition (offers not expired) for a rare one and reads every offer
 * through it. Checked with the days of each offers version; ANALYZE samples at most 30 000 offers.
 */
export async function ensureOffersStatistics(db: Db): Promise<void> {
  const [row] = await rowsOf<{ analysed: boolean }>(
    db,
    sql`select exists (select 1 from pg_stats where tablename = 'offers' and attname = 'search_vector') as analysed`,
  );
  if (!row?.analysed) await db.execute(sql`analyze ${offers}`);
}

/** The newest offers within the bounds, read from the date index alone (an index-only scan). */
export async function findNewestOfferIds(db: Db, bounds: DateBounds, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(activeWithin(bounds))
    .orderBy(desc(offers.publicationDate), desc(offers.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Walks the newest `examine` offers within the bounds along the date index and keeps those matching the text: each
 * offer read costs its search vector (out of line), so this is for words most offers hold.
 */
export async function walkNewestMatches(
  db: Db,
  text: string,
  bounds: DateBounds,
  examine: number,
  limit: number,
): Promise<number[]> {
  const [row] = await rowsOf<{ ids: number[] }>(
    db,
    sql`select array(
      select id from (
        select ${offers.id} as id, ${offers.publicationDate} as publication_date, ${offers.searchVector} as search_vector
          from ${offers} where ${activeWithin(bounds)} order by ${newestFirst} limit ${examine}
      ) walked
      where search_vector @@ websearch_to_tsquery('french', ${text})
      order by publication_date desc, id desc limit ${limit}
    ) as ids`,
  );
  return row?.ids ?? [];
}

/** The newest matches among at most `cap` read, and how many were read (`cap` means there may be more). */
export interface CappedMatches {
  ids: number[];
  read: number;
}

/**
 * Offers matching the text published on one of `days`, through the search index alone (words and day in one scan);
 * at most `cap` are read from the table. `offers_matches_on_days` (migration 0014) runs it without sequential scans:
 * each offer read that way costs its search vector, stored out of line, which the planner does not count, and on a
 * small table it would read them all rather than the index.
 */
export async function findMatchesOnDays(
  db: Db,
  text: string,
  days: string[],
  cap: number,
  limit: number,
): Promise<CappedMatches> {
  const [row] = await rowsOf<{ ids: number[]; read: number }>(
    db,
    sql`select ids, read from offers_matches_on_days(${text}, ${arrayParam(days)}::date[], ${cap}, ${limit})`,
  );
  return { ids: row?.ids ?? [], read: row?.read ?? 0 };
}

/**
 * Offers matching the text, whatever their day, through the search index (at most `cap` read from the table), then
 * kept within the bounds: for words few offers hold. `offers_matches_on_all_days` (migration 0014): no sequential scan.
 */
export async function findMatchesOnAllDays(
  db: Db,
  text: string,
  bounds: DateBounds,
  cap: number,
  limit: number,
): Promise<CappedMatches> {
  const [row] = await rowsOf<{ ids: number[]; read: number }>(
    db,
    sql`select ids, read from offers_matches_on_all_days(${text}, ${bounds.after ?? null}::date, ${bounds.before ?? null}::date, ${cap}, ${limit})`,
  );
  return { ids: row?.ids ?? [], read: row?.read ?? 0 };
}

/**
 * The offers of a page by id, still not expired, with the offers' version read in the same statement: one round trip
 * tells whether the page's list of ids is still the right one.
 */
export async function findPageOffers(db: Db, ids: number[]): Promise<{ version: number; rows: OfferRow[] }> {
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            version: sql<number>`(select ${offersVersion.version} from ${offersVersion})`.mapWith(Number),
            offer: wireColumns,
          })
          .from(offers)
          .where(and(sql`${offers.id} = any(${arrayParam(ids)}::int[])`, isNull(offers.expiredAt)));
  const [first] = found;
  // No offer left to read (past the last page, or all expired since): the version alone.
  const version = first ? first.version : await findOffersVersion(db);
  const byId = new Map(found.map((r) => [r.offer.id, r.offer]));
  return { version, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

// ---------- Back office (issue 12) ----------

export type StaffOfferRow = Omit<typeof offers.$inferSelect, 'searchText' | 'searchVector' | 'searchDay'>;
export type OfferWrite = Omit<NewOfferRow, 'expiredAt'>;

const staffColumns = { ...wireColumns, expiredAt: offers.expiredAt, externalRef: offers.externalRef };

/** Staff filters: `text` normalised like search_text, matched as a substring (a word's start finds the offer). */
export interface StaffOfferFilter {
  text: string | undefined;
  status: 'active' | 'expired' | undefined;
}

function staffConditions(filter: StaffOfferFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.text) parts.push(ilike(offers.searchText, `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.status === 'active') parts.push(isNull(offers.expiredAt));
  if (filter.status === 'expired') parts.push(isNotNull(offers.expiredAt));
  return and(...parts);
}

export async function findStaffOffersPage(
  db: Db,
  filter: StaffOfferFilter,
  offset: number,
  limit: number,
): Promise<{ rows: StaffOfferRow[]; total: number }> {
  const where = staffConditions(filter);
  const [totalRow] = await db.select({ n: count() }).from(offers).where(where);
  const rows = await db
    .select(staffColumns)
    .from(offers)
    .where(where)
    .orderBy(desc(offers.publicationDate), desc(offers.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findStaffOffer(db: Db | Tx, id: number): Promise<StaffOfferRow | undefined> {
  const [row] = await db.select(staffColumns).from(offers).where(eq(offers.id, id));
  return row;
}

export async function insertOffer(db: Db | Tx, row: OfferWrite): Promise<number> {
  const [created] = await db.insert(offers).values(row).returning({ id: offers.id });
  if (!created) throw new Error('Offer not inserted');
  return created.id;
}

/** Updates an offer; false when there is none with this id. */
export async function updateOffer(db: Db | Tx, id: number, row: Partial<OfferWrite>): Promise<boolean> {
  const updated = await db.update(offers).set(row).where(eq(offers.id, id)).returning({ id: offers.id });
  return updated.length > 0;
}

export async function setOfferExpiry(db: Db, id: number, expiredAt: Date | null): Promise<boolean> {
  const updated = await db.update(offers).set({ expiredAt }).where(eq(offers.id, id)).returning({ id: offers.id });
  return updated.length > 0;
}

export async function deleteOffer(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(offers).where(eq(offers.id, id)).returning({ id: offers.id });
  return deleted.length > 0;
}

/** The offers already holding these references (a re-import updates them). */
export async function findOfferIdsByRef(db: Db | Tx, refs: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < refs.length; i += 500) {
    const rows = await db
      .select({ id: offers.id, ref: offers.externalRef })
      .from(offers)
      .where(inArray(offers.externalRef, refs.slice(i, i + 500)));
    for (const row of rows) if (row.ref !== null) found.set(row.ref, row.id);
  }
  return found;
}
