import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import { offers } from '../../db/schema/index.ts';
import { foldText } from '../../lib/fold-text.ts';
import {
  findFirstMatches,
  scopeOf,
  searchCaps,
  searchDays,
  walkThenDays,
  type OfferFilter,
  type Search,
  type SearchCaps,
} from './offers-search.ts';
import { findOfferDays, findOffersVersion } from './offers.repo.ts';
import { createOffers, type NewOffer } from './offers.service.ts';

const { database, drop } = await createTestDatabase();
afterAll(drop);
const db = database.db;

/**
 * 600 offers over 30 days, published in no order: a word in 90 % of them, one in 30 %, a phrase in 10 % (its words
 * also apart in 5 %), a word in 2 %, one in three offers.
 */
function offer(i: number): NewOffer {
  const day = new Date(Date.UTC(2026, 2, 1) + ((i * 7) % 30) * 86_400_000).toISOString().slice(0, 10);
  const words = [
    i % 10 === 0 ? 'Stage' : 'Poste en alternance',
    i % 10 < 3 ? 'Outils : Excel' : '',
    i % 10 === 5 ? 'Business Developer B2B' : '',
    i % 20 === 7 ? 'Developer pour le pôle business' : '',
    i % 50 === 0 ? 'Kotlin' : '',
    i % 200 === 13 ? 'Zéphyrine' : '',
  ];
  return {
    title: `Offre ${i}`,
    companyName: `Entreprise ${i % 17}`,
    description: words.filter(Boolean).join('\n'),
    logo: null,
    publicationDate: day,
    startDate: null,
    linkType: 'link',
    link: `https://example.fr/${i}`,
  };
}
await createOffers(
  db,
  Array.from({ length: 600 }, (_, i) => offer(i)),
);

/** The plain query: every match sorted, which the plans must agree with. */
async function expected(filter: OfferFilter, limit: number): Promise<number[]> {
  const parts = [sql`expired_at is null`];
  if (filter.text) parts.push(sql`search_vector @@ websearch_to_tsquery('french', ${filter.text})`);
  if (filter.after) parts.push(sql`publication_date >= ${filter.after}`);
  if (filter.before) parts.push(sql`publication_date <= ${filter.before}`);
  const result = await db.execute(
    sql`select id from ${offers} where ${sql.join(parts, sql` and `)} order by publication_date desc, id desc limit ${limit}`,
  );
  return (result.rows as { id: number }[]).map((r) => r.id);
}

const filterOf = (query: string | undefined, after?: string, before?: string): OfferFilter => ({
  text: query === undefined ? undefined : foldText(query),
  after,
  before,
});

/** Caps small enough for 600 offers to reach them: every guard and widening runs. */
const smallCaps: SearchCaps = { probeOffers: 40, daysMatches: 30, allDaysMatches: 20, dayScans: 6 };

const queries = [
  undefined,
  'alternance',
  'excel',
  'Kotlin',
  'zéphyrine',
  'introuvable',
  'alternance excel',
  '"business developer"',
  'business developer',
  'excel or kotlin',
  'alternance -excel',
  '-alternance',
];
const bounds: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['2026-03-20', undefined],
  [undefined, '2026-03-10'],
  ['2026-03-05', '2026-03-12'],
];

describe('the newest matches of a search', () => {
  it('are the newest matches, in order, whatever the text, the dates and the caps', async () => {
    const days = await findOfferDays(db);
    for (const query of queries) {
      for (const [after, before] of bounds) {
        for (const limit of [1, 7, 45, 1001]) {
          const filter = filterOf(query, after, before);
          const want = await expected(filter, limit);
          const label = JSON.stringify({ query, after, before, limit });
          expect(await findFirstMatches(db, filter, limit, days), label).toEqual(want);
          expect(await findFirstMatches(db, filter, limit, days, smallCaps), label).toEqual(want);
        }
      }
    }
  });

  it('are right from each plan, whatever share of offers it believes the text holds', async () => {
    const days = await findOfferDays(db);
    for (const query of queries.filter((q) => q !== undefined)) {
      for (const [after, before] of bounds) {
        const filter = filterOf(query, after, before);
        const text = filter.text ?? '';
        for (const caps of [searchCaps, smallCaps]) {
          const search: Search = {
            db,
            text,
            bounds: filter,
            scope: scopeOf(days, filter),
            limit: 25,
            costPerMatch: 2,
            caps,
          };
          const want = await expected(filter, 25);
          const label = JSON.stringify({ query, after, before, caps });
          // A walk sized for a frequent word, then the days when it was not.
          expect(await walkThenDays(search, 0.9), label).toEqual(want);
          // Days from an estimate alone (a probe first), far too low and far too high.
          expect(await searchDays(search, { share: 0.0001, isMeasured: false }), label).toEqual(want);
          expect(await searchDays(search, { share: 1, isMeasured: false }), label).toEqual(want);
          // A share taken as measured: every match at once (rare), or too few days then more (frequent).
          expect(await searchDays(search, { share: 0.0001, isMeasured: true }), label).toEqual(want);
          expect(await searchDays(search, { share: 1, isMeasured: true }), label).toEqual(want);
        }
      }
    }
  });

  it('leave out offers expired', async () => {
    const [first] = await expected(filterOf('kotlin'), 1);
    await db
      .update(offers)
      .set({ expiredAt: new Date() })
      .where(sql`${offers.id} = ${first}`);
    const found = await findFirstMatches(db, filterOf('kotlin'), 100);
    expect(found).not.toContain(first);
    expect(found).toEqual(await expected(filterOf('kotlin'), 100));
    await db
      .update(offers)
      .set({ expiredAt: null })
      .where(sql`${offers.id} = ${first}`);
    expect(await findFirstMatches(db, filterOf('kotlin'), 100)).toContain(first);
  });
});

describe('what the triggers keep for the search', () => {
  const countedDays = async () =>
    (
      await db.execute(
        sql`select to_char(publication_date, 'YYYY-MM-DD') as day, count(*)::int as active from ${offers}
             where expired_at is null group by 1 order by 1 desc`,
      )
    ).rows;

  it('counts the offers not expired per day through every kind of write', async () => {
    expect(await findOfferDays(db)).toEqual(await countedDays());
    await createOffers(db, [offer(1000), { ...offer(1001), publicationDate: '2026-05-01' }]);
    expect(await findOfferDays(db)).toEqual(await countedDays());
    // A date moved, offers expired and restored, offers deleted: one statement each, several rows.
    await db
      .update(offers)
      .set({ publicationDate: '2026-05-02' })
      .where(sql`${offers.id} % 50 = 3`);
    expect(await findOfferDays(db)).toEqual(await countedDays());
    await db
      .update(offers)
      .set({ expiredAt: new Date() })
      .where(sql`${offers.id} % 7 = 0`);
    expect(await findOfferDays(db)).toEqual(await countedDays());
    await db
      .update(offers)
      .set({ expiredAt: null })
      .where(sql`${offers.id} % 14 = 0`);
    expect(await findOfferDays(db)).toEqual(await countedDays());
    await db.delete(offers).where(sql`${offers.id} % 13 = 1`);
    expect(await findOfferDays(db)).toEqual(await countedDays());
    // The days no offer is left on are not listed.
    await db.delete(offers).where(sql`${offers.publicationDate} = '2026-05-01'`);
    expect((await findOfferDays(db)).map((d) => d.day)).not.toContain('2026-05-01');
    expect(await findOfferDays(db)).toEqual(await countedDays());
  });

  it('moves the offers version with every transaction that writes offers, and with none that reads them', async () => {
    const before = await findOffersVersion(db);
    await db.select().from(offers).limit(1);
    expect(await findOffersVersion(db)).toBe(before);
    await createOffers(db, [offer(2000)]);
    const afterInsert = await findOffersVersion(db);
    expect(afterInsert).toBeGreaterThan(before);
    await db
      .update(offers)
      .set({ title: 'Offre renommée' })
      .where(sql`${offers.title} = 'Offre 2000'`);
    const afterUpdate = await findOffersVersion(db);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await db.delete(offers).where(sql`${offers.title} = 'Offre renommée'`);
    const afterDelete = await findOffersVersion(db);
    expect(afterDelete).toBeGreaterThan(afterUpdate);
    // Several statements of one transaction (an import): their writes are seen together, under one new version.
    await db.transaction(async (tx) => {
      await tx.insert(offers).values({ ...offer(2001), searchText: 'offre 2001' });
      await tx.update(offers).set({ title: 'Offre 2001 renommée' }).where(sql`${offers.title} = 'Offre 2001'`);
    });
    expect(await findOffersVersion(db)).toBeGreaterThan(afterDelete);
  });
});
