import { OFFERS_COUNT_LIMIT, OFFERS_MAX_PAGE, type ErrorBody, type OffersResponse } from '@passerelle/contract';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';
import { createUser } from '../workshops/applicant-fixtures.ts';
import { createOffers, offerSearchText, type NewOffer } from './offers.service.ts';

function offer(i: number, overrides: Partial<NewOffer> = {}): NewOffer {
  const day = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return {
    title: `Chargé·e de mission ${i} en alternance`,
    companyName: `Entreprise ${i}`,
    description: `Première ligne\nDeuxième ligne de l'offre ${i}.`,
    logo: null,
    publicationDate: day,
    startDate: '2026-09-01',
    linkType: 'link',
    link: `https://example.fr/offres/${i}`,
    ...overrides,
  };
}

describe('GET /api/admissibles/portal/offers', async () => {
  const { app, database } = await createTestApp();
  // 45 plain offers on 2026-01-01 .. 2026-02-14, then a few to search for.
  await createOffers(database.db, [
    ...Array.from({ length: 45 }, (_, i) => offer(i)),
    offer(50, { title: 'Alternant·e Développeur·se Full Stack', companyName: 'Qonto', startDate: null }),
    offer(51, {
      title: 'Technicien·ne ÉLECTRONIQUE embarquée',
      companyName: 'Thales',
      linkType: 'mail',
      link: 'rh@thales.example.fr',
    }),
    offer(52, { title: 'Stage', companyName: 'Zéphyrine', description: 'Une cœur de métier en électronique.' }),
  ]);
  const applicant = await createUser(app, 'admissible');
  const get = (query: string, headers: Record<string, string> = applicant.headers) =>
    app.inject({ method: 'GET', url: `/api/admissibles/portal/offers${query}`, headers });
  const page = async (query: string) => (await get(query)).json<OffersResponse>();

  it('pages by 20, newest first, with the total', async () => {
    const first = await get('');
    expect(first.statusCode).toBe(200);
    const body = first.json<OffersResponse>();
    expect(body.totalOffers).toBe(48);
    expect(body.offers).toHaveLength(20);
    expect(body.offers[0]?.title).toBe('Stage');
    const dates = body.offers.map((o) => o.publicationDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const third = await page('?page=3');
    expect(third.totalOffers).toBe(48);
    expect(third.offers).toHaveLength(8);
    expect(third.offers.at(-1)?.title).toBe('Chargé·e de mission 0 en alternance');
    expect(await page('?page=4')).toEqual({ offers: [], totalOffers: 48, totalOffersCapped: false });
  });

  it('keeps the wire shape: company, action, description line breaks, 0000-00-00 for no start date', async () => {
    const body = await page('?query=full%20stack');
    expect(body.totalOffers).toBe(1);
    expect(body.offers[0]).toMatchObject({
      title: 'Alternant·e Développeur·se Full Stack',
      company: { name: 'Qonto' },
      startDate: '0000-00-00',
      publicationDate: '2026-02-20',
      description: "Première ligne\nDeuxième ligne de l'offre 50.",
      applicationAction: { linkType: 'link', link: 'https://example.fr/offres/50' },
      logo: null,
    });
  });

  it('searches in French, without regard to accents or case', async () => {
    const dev = await page('?query=developpeur');
    expect(dev.offers.map((o) => o.title)).toEqual(['Alternant·e Développeur·se Full Stack']);
    const elec = await page('?query=%C3%A9lectronique');
    expect(elec.totalOffers).toBe(2);
    expect(elec.offers.map((o) => o.company.name)).toEqual(['Zéphyrine', 'Thales']);
    expect(elec.offers[1]?.applicationAction).toEqual({ linkType: 'mail', link: 'rh@thales.example.fr' });
    expect((await page('?query=ELECTRONIQUE')).totalOffers).toBe(2);
    expect((await page('?query=zephyrine')).totalOffers).toBe(1);
    expect((await page('?query=coeur')).totalOffers).toBe(1);
    // Stemming: the plural finds the singular.
    expect((await page('?query=alternances')).totalOffers).toBe(46);
    expect(await page('?query=introuvable')).toEqual({ offers: [], totalOffers: 0, totalOffersCapped: false });
  });

  it('bounds by publication date, both bounds included', async () => {
    const body = await page('?publicationDateAfter=2026-01-10&publicationDateBefore=2026-01-19');
    expect(body.totalOffers).toBe(10);
    expect(body.offers[0]?.publicationDate).toBe('2026-01-19');
    expect(body.offers.at(-1)?.publicationDate).toBe('2026-01-10');
    const withText = await page('?query=alternance&publicationDateAfter=2026-02-14');
    expect(withText.offers.map((o) => o.publicationDate)).toEqual(['2026-02-20', '2026-02-14']);
    // An empty value is an unset filter.
    expect((await page('?query=&publicationDateBefore=')).totalOffers).toBe(48);
  });

  it('answers 400 with errors for a malformed or unknown parameter', async () => {
    const cases: [string, string][] = [
      ['?page=abc', 'page'],
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
      ['?publicationDateBefore=2026-13-01', 'publicationDateBefore'],
      ['?publicationDateAfter=yesterday', 'publicationDateAfter'],
      ['?publicationDateBefore=2026-01-01&publicationDateAfter=2026-02-01', 'publicationDateBefore'],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.errors ?? {}), query).toContain(field);
    }
    const unknown = await get('?sort=title');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().errors).toBeDefined();
  });

  it('says in the asker’s language what is wrong with a filter, never zod’s pattern or type names', async () => {
    const reversed = '?publicationDateBefore=2026-01-01&publicationDateAfter=2026-02-01';
    const french = (await get(reversed, { ...applicant.headers, 'accept-language': 'fr-FR,fr;q=0.9' })).json<ErrorBody>();
    expect(french.errors).toEqual({ publicationDateBefore: ['offers.dates_reversed'] });
    const malformed = await get('?publicationDateAfter=yesterday&page=abc', { ...applicant.headers, 'accept-language': 'en-US,en;q=0.9' });
    expect(malformed.json<ErrorBody>().errors).toEqual({
      publicationDateAfter: ['Enter a full date: day, month and year.'],
      page: ['Enter digits only.'],
    });
    const inFrench = await get('?publicationDateAfter=2026-13-45&page=0', { ...applicant.headers, 'accept-language': 'fr' });
    expect(inFrench.json<ErrorBody>().errors).toEqual({
      publicationDateAfter: ['Saisissez une date complète : jour, mois et année.'],
      page: ['Saisissez une valeur d’au moins 1.'],
    });
  });

  it('is for signed-in applicants only', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const company = await createUser(app, 'company');
    const res = await get('', company.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
  });

  it('shows an offer written since the last search, however it was written', async () => {
    expect((await page('?query=Kubernetes')).totalOffers).toBe(0);
    await createOffers(database.db, [offer(60, { description: 'Kubernetes et cloud' })]);
    expect((await page('?query=kubernetes')).totalOffers).toBe(1);
    // Written past this process's services (another process, a script): the offers version tells.
    await database.db.insert(offers).values({ ...offer(61, { title: 'Kubernetes aussi' }), searchText: 'kubernetes aussi' });
    const both = await page('?query=kubernetes');
    expect(both.offers.map((o) => o.title)).toEqual(['Kubernetes aussi', offer(60).title]);
  });
});

describe('the offers search past 1 000 offers', async () => {
  const { app, database, url } = await createTestApp();
  // 1 030 offers, a few a day over 60 days; one in three holds "Kotlin".
  const list = Array.from({ length: 1030 }, (_, i) =>
    offer(i % 60, { title: `Offre ${i}`, description: i % 3 === 0 ? 'Outils : Kotlin' : 'Outils : Excel' }),
  );
  await createOffers(database.db, list);
  const applicant = await createUser(app, 'admissible');
  const get = (query: string, headers: Record<string, string> = applicant.headers, on = app) =>
    on.inject({ method: 'GET', url: `/api/admissibles/portal/offers${query}`, headers });
  const page = async (query: string, on = app) => (await get(query, applicant.headers, on)).json<OffersResponse>();
  /** Every offer not expired, newest first: what the pages must show, in this order. */
  const newestFirst = async (where = sql`true`) =>
    (
      await database.db
        .select({ id: offers.id })
        .from(offers)
        .where(and(isNull(offers.expiredAt), where))
        .orderBy(desc(offers.publicationDate), desc(offers.id))
    ).map((r) => r.id);

  it('counts up to 1 000, says more match, and serves every page to the 50th in order', async () => {
    const all = await newestFirst();
    const seen: number[] = [];
    for (let n = 1; n <= OFFERS_MAX_PAGE; n++) {
      const body = await page(`?page=${n}`);
      expect(body.totalOffers).toBe(OFFERS_COUNT_LIMIT);
      expect(body.totalOffersCapped).toBe(true);
      expect(body.offers).toHaveLength(20);
      seen.push(...body.offers.map((o) => o.id));
    }
    expect(seen).toEqual(all.slice(0, OFFERS_COUNT_LIMIT));
  });

  it('counts exactly under 1 000, with a word, a date filter or both, every page in order', async () => {
    const cases: [string, SQL][] = [
      ['?query=kotlin', sql`${offers.searchText} like '%kotlin%'`],
      ['?publicationDateAfter=2026-02-01', sql`${offers.publicationDate} >= '2026-02-01'`],
      [
        '?query=excel&publicationDateBefore=2026-01-20',
        sql`${offers.searchText} like '%excel%' and ${offers.publicationDate} <= '2026-01-20'`,
      ],
    ];
    for (const [query, where] of cases) {
      const all = await newestFirst(where);
      expect(all.length).toBeLessThan(OFFERS_COUNT_LIMIT);
      const seen: number[] = [];
      for (let n = 1; n <= Math.ceil(all.length / 20); n++) {
        const body = await page(`${query}&page=${n}`);
        expect(body, query).toMatchObject({ totalOffers: all.length, totalOffersCapped: false });
        seen.push(...body.offers.map((o) => o.id));
      }
      expect(seen, query).toEqual(all);
      expect(await page(`${query}&page=${Math.ceil(all.length / 20) + 1}`)).toEqual({
        offers: [],
        totalOffers: all.length,
        totalOffersCapped: false,
      });
    }
  });

  it('leaves out at once an offer expired or deleted between two reads of a page', async () => {
    const first = await page('?query=kotlin&page=2');
    const [expired, deleted] = first.offers;
    if (!expired || !deleted) throw new Error('page 2 is empty');
    // Written past this process's services, as another process would.
    await database.db.update(offers).set({ expiredAt: new Date() }).where(eq(offers.id, expired.id));
    await database.db.delete(offers).where(eq(offers.id, deleted.id));
    const again = await page('?query=kotlin&page=2');
    expect(again.offers.map((o) => o.id)).not.toContain(expired.id);
    expect(again.offers.map((o) => o.id)).not.toContain(deleted.id);
    expect(again.totalOffers).toBe(first.totalOffers - 2);
    expect(again.offers.map((o) => o.id)).toEqual(
      (await newestFirst(sql`${offers.searchText} like '%kotlin%'`)).slice(20, 40),
    );
  });

  it('answers 400 past the 50th page, in the reader’s language', async () => {
    const french = await get('?page=51', { ...applicant.headers, 'accept-language': 'fr-FR' });
    expect(french.statusCode).toBe(400);
    expect(french.json<ErrorBody>().errors).toEqual({ page: ['Saisissez une valeur d’au plus 50.'] });
    const english = await get('?page=51&query=kotlin', { ...applicant.headers, 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(400);
    expect(english.json<ErrorBody>().errors).toEqual({ page: ['Enter a value of at most 50.'] });
  });

  it.runIf(url)('shows on another API process an offer written through this one', async () => {
    // A second process on the same PostgreSQL database, with its own searches in memory.
    const other = await openDatabase({ url, poolSize: 4 });
    const otherApp = await buildApp({ config: app.config, database: other, logger: false });
    await otherApp.ready();
    try {
      const before = await page('?query=quokka', otherApp);
      expect(before.totalOffers).toBe(0);
      const staff = await createUser(app, 'staff');
      const created = await app.inject({
        method: 'POST',
        url: '/api/staff/offers',
        headers: staff.headers,
        payload: {
          title: 'Soigneur de quokkas en alternance',
          companyName: 'Zoo',
          publicationDate: '2026-03-15',
          description: 'Quokka',
          linkType: 'link',
          link: 'https://zoo.example.fr/offres/1',
        },
      });
      expect(created.statusCode).toBe(201);
      const after = await page('?query=quokka', otherApp);
      expect(after.offers.map((o) => o.title)).toEqual(['Soigneur de quokkas en alternance']);
      expect((await page('?page=1', otherApp)).offers[0]?.title).toBe('Soigneur de quokkas en alternance');
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});

describe('offerSearchText', () => {
  it('lower-cases and strips accents and ligatures, one field a line', () => {
    expect(offerSearchText({ title: 'ÉLECTRONIQUE Développeur·se', companyName: 'Cœur  Æther', description: 'Große\nfabrique' })).toBe(
      'electronique developpeur·se\ncoeur aether\ngrosse fabrique',
    );
  });
});
