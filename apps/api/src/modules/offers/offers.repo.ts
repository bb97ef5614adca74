import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';

export type OfferRow = Pick<
  typeof offers.$inferSelect,
  'id' | 'title' | 'logo' | 'companyName' | 'publicationDate' | 'startDate' | 'description' | 'linkType' | 'link'
>;
export type NewOfferRow = Omit<typeof offers.$inferInsert, 'id' | 'searchVector'>;

/** Normalised filters: `text` is already lower-cased and accent-free. */
export interface OfferFilter {
  text: string | undefined;
  before: string | undefined;
  after: string | undefined;
}

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

/** What applicants search: offers not expired (an expired offer leaves the search at once, its page being read live). */
function conditions(filter: OfferFilter): SQL | undefined {
  const parts: SQL[] = [isNull(offers.expiredAt)];
  if (filter.text) parts.push(sql`${offers.searchVector} @@ websearch_to_tsquery('french', ${filter.text})`);
  if (filter.after) parts.push(gte(offers.publicationDate, filter.after));
  if (filter.before) parts.push(lte(offers.publicationDate, filter.before));
  return and(...parts);
}

export async function insertOffers(db: Db, rows: NewOfferRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(offers).values(rows.slice(i, i + 500));
  }
}

/**
 * Number of matching offers. With a text filter the count is read through the GIN index (a bitmap scan):
 * for a common word the planner prefers a sequential scan, which reads and de-TOASTs every stored
 * tsvector and takes twice as long (docs/decisions/0003-offers-search-plan.md).
 */
export async function countOffers(db: Db, filter: OfferFilter): Promise<number> {
  const where = conditions(filter);
  if (!filter.text) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(offers)
      .where(where);
    return row?.n ?? 0;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(offers)
      .where(where);
    return row?.n ?? 0;
  });
}

/** A page read along the publication-date index: right when matches are dense, so the walk stops early. */
export async function findOffersByDate(
  db: Db,
  filter: OfferFilter,
  offset: number,
  limit: number,
): Promise<OfferRow[]> {
  return db
    .select(wireColumns)
    .from(offers)
    .where(conditions(filter))
    .orderBy(desc(offers.publicationDate), desc(offers.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A page read through the GIN index then sorted: right when matches are few. The MATERIALIZED CTE is an
 * optimisation fence, so the planner cannot turn it back into a walk of the date index, which for a rare word
 * reads all 100 000 rows to find nothing more.
 */
export async function findOffersByText(
  db: Db,
  filter: OfferFilter,
  offset: number,
  limit: number,
): Promise<OfferRow[]> {
  // Db is typed loosely across the two drivers; both answer raw queries with `rows`.
  const result: unknown = await db.execute(sql`
    with matches as materialized (
      select ${offers.id} as id, ${offers.publicationDate} as publication_date from ${offers} where ${conditions(filter)}
    )
    select id from matches order by publication_date desc, id desc limit ${limit} offset ${offset}`);
  const ids = (result as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows: OfferRow[] = await db.select(wireColumns).from(offers).where(inArray(offers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ---------- Back office (issue 12) ----------

export type StaffOfferRow = Omit<typeof offers.$inferSelect, 'searchText' | 'searchVector'>;
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
