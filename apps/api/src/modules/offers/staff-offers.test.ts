import type {
  ErrorBody,
  OfferImportResponse,
  OfferInput,
  OffersResponse,
  StaffOffer,
  StaffOffersResponse,
} from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { offers } from '../../db/schema/index.ts';
import { createUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';

function multipart(text: string, encoding: 'utf8' | 'latin1' = 'utf8') {
  const boundary = '----passerelle-offers-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offres.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(text, encoding), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('offers in the back office', async () => {
  const { app } = await createTestApp();
  const staff = await createUser(app, 'staff');
  const admin = await createUser(app, 'admin');
  const applicant = await createUser(app, 'admissible');
  const employer = await createUser(app, 'company');
  // Words no demo offer holds, so that the applicant's search sees only this file's offers.
  const word = `quetzal${Date.now().toString(36)}`;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (caller: SignedInUser | undefined, method: Method, url: string, payload?: object, lang = 'fr-FR') =>
    app.inject({
      method,
      url,
      headers: { ...(caller?.headers ?? {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const search = async (query: string) =>
    (
      await call(applicant, 'GET', `/api/admissibles/portal/offers?page=1&query=${encodeURIComponent(query)}`)
    ).json<OffersResponse>();
  const body = (overrides: Partial<OfferInput> = {}): OfferInput => ({
    title: `Développeur ${word} en alternance`,
    companyName: 'Zéphyr Logiciels',
    publicationDate: '2026-11-20',
    startDate: '2027-01-04',
    description: 'Une équipe de six personnes.',
    linkType: 'link',
    link: 'https://zephyr.example.fr/offres/42',
    ...overrides,
  });

  it('answers 401 without a token, 403 to applicants and employers, 404 for an unknown offer; nothing is written', async () => {
    const [kept] = await app.db
      .insert(offers)
      .values({
        ...body(),
        title: 'Gardée',
        startDate: null,
        logo: null,
        linkType: 'link',
        link: 'https://a.example.fr',
        searchText: 'gardee',
      })
      .returning();
    if (!kept) throw new Error('offer not written');
    const file = multipart('titre;entreprise;description;lien\nX;Y;Z;https://x.example.fr\n');
    const routes: [Method, string, object?][] = [
      ['GET', '/api/staff/offers'],
      ['POST', '/api/staff/offers', body({ title: 'Interdite' })],
      ['PUT', `/api/staff/offers/${kept.id}`, body({ title: 'Interdite' })],
      ['DELETE', `/api/staff/offers/${kept.id}`],
      ['POST', `/api/staff/offers/${kept.id}/expire`],
      ['POST', `/api/staff/offers/${kept.id}/restore`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
      for (const caller of [applicant, employer])
        expect((await call(caller, method, url, payload)).statusCode, url).toBe(403);
    }
    for (const caller of [undefined, applicant]) {
      const imported = await app.inject({
        method: 'POST',
        url: '/api/staff/offers/import',
        headers: { ...file.headers, ...(caller?.headers ?? {}) },
        payload: file.payload,
      });
      expect(imported.statusCode).toBe(caller ? 403 : 401);
    }
    const [untouched] = await app.db.select().from(offers).where(eq(offers.id, kept.id));
    expect(untouched).toMatchObject({ title: 'Gardée', expiredAt: null });
    expect(await app.db.select().from(offers).where(eq(offers.title, 'Interdite'))).toHaveLength(0);

    for (const [method, url, payload] of [
      ['PUT', '/api/staff/offers/99999999', body()],
      ['DELETE', '/api/staff/offers/99999999'],
      ['POST', '/api/staff/offers/99999999/expire'],
      ['POST', '/api/staff/offers/99999999/restore'],
    ] as [Method, string, object?][]) {
      expect((await call(staff, method, url, payload)).statusCode, url).toBe(404);
    }
  });

  it('creates, edits, expires, restores and deletes an offer; the applicants’ search follows every write', async () => {
    // The search's total is cached: a first search counts 0 before the offer exists.
    expect((await search(word)).totalOffers).toBe(0);
    const created = await call(staff, 'POST', '/api/staff/offers', body());
    expect(created.statusCode).toBe(201);
    const offer = created.json<{ offer: StaffOffer }>().offer;
    expect(offer).toMatchObject({
      title: `Développeur ${word} en alternance`,
      startDate: '2027-01-04',
      expiredAt: null,
      externalRef: null,
    });
    // Accents and case are ignored: the search text is normalised on write.
    expect((await search(`DEVELOPPEUR ${word.toUpperCase()}`)).offers.map((o) => o.id)).toEqual([offer.id]);

    const edited = await call(
      admin,
      'PUT',
      `/api/staff/offers/${offer.id}`,
      body({ title: `Comptable ${word}`, linkType: 'mail', link: 'rh@zephyr.example.fr', startDate: '' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ offer: StaffOffer }>().offer).toMatchObject({
      title: `Comptable ${word}`,
      linkType: 'mail',
      startDate: null,
    });
    expect((await search(`comptable ${word}`)).totalOffers).toBe(1);
    expect((await search(`developpeur ${word}`)).totalOffers).toBe(0);

    const expired = await call(staff, 'POST', `/api/staff/offers/${offer.id}/expire`);
    expect(expired.json<{ offer: StaffOffer }>().offer.expiredAt).not.toBeNull();
    expect(await search(word)).toEqual({ offers: [], totalOffers: 0, totalOffersCapped: false });
    const listed = (status: string) =>
      call(staff, 'GET', `/api/staff/offers?q=${word}&status=${status}`).then((r) => r.json<StaffOffersResponse>());
    expect((await listed('expired')).items.map((o) => o.id)).toEqual([offer.id]);
    expect((await listed('active')).total).toBe(0);

    await call(staff, 'POST', `/api/staff/offers/${offer.id}/restore`);
    expect((await search(word)).offers.map((o) => o.id)).toEqual([offer.id]);

    expect((await call(staff, 'DELETE', `/api/staff/offers/${offer.id}`)).statusCode).toBe(204);
    expect((await search(word)).totalOffers).toBe(0);
    expect((await listed('active')).total).toBe(0);
  });

  it('lists newest first, a page at a time, found by a word’s start without accents', async () => {
    const tag = `ornithorynque${Date.now().toString(36)}`;
    for (const day of ['2026-10-01', '2026-10-03', '2026-10-02']) {
      await call(staff, 'POST', '/api/staff/offers', body({ title: `Offre ${tag} ${day}`, publicationDate: day }));
    }
    const page = (
      await call(staff, 'GET', `/api/staff/offers?q=${tag.slice(0, 12).toUpperCase()}&page=1`)
    ).json<StaffOffersResponse>();
    expect(page.total).toBe(3);
    expect(page.items.map((o) => o.publicationDate)).toEqual(['2026-10-03', '2026-10-02', '2026-10-01']);
    expect((await call(staff, 'GET', `/api/staff/offers?q=${tag}&page=2`)).json<StaffOffersResponse>().items).toEqual(
      [],
    );
  });

  it('refuses a link that does not match its type, and empty fields, with a message per field', async () => {
    const wrong = await call(
      staff,
      'POST',
      '/api/staff/offers',
      body({ title: '', linkType: 'link', link: 'http://zephyr.example.fr' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().errors).toMatchObject({
      title: ['field.required'],
      link: ['offers.link_not_https'],
    });
    const mail = await call(
      staff,
      'POST',
      '/api/staff/offers',
      body({ linkType: 'mail', link: 'https://zephyr.example.fr' }),
    );
    expect(mail.json<ErrorBody>().errors).toEqual({ link: ['offers.link_not_email'] });
    const logo = await call(
      staff,
      'POST',
      '/api/staff/offers',
      body({ logo: 'https://tracker.example.com/pixel.png' }),
    );
    expect(Object.keys(logo.json<ErrorBody>().errors ?? {})).toEqual(['logo']);
  });

  it('imports a CSV all or nothing, with lenient headers, and a re-import updates offers by their reference', async () => {
    const tag = `capybara${Date.now().toString(36)}`;
    const upload = (text: string, dryRun: boolean, encoding: 'utf8' | 'latin1' = 'utf8') => {
      const file = multipart(text, encoding);
      return app.inject({
        method: 'POST',
        url: `/api/staff/offers/import?dryRun=${dryRun}`,
        headers: { ...file.headers, ...staff.headers, 'accept-language': 'en-US' },
        payload: file.payload,
      });
    };
    const bad = [
      'Référence;Intitulé du poste;Société;Date de publication;Description;Lien de candidature',
      `R1;Chargé ${tag};Alpha;21/11/2026;Missions variées;https://alpha.example.fr/1`,
      `R2;Assistant ${tag};Beta;31/02/2026;Missions;recrutement@beta.example.fr`,
      `R1;Juriste ${tag};Gamma;;Missions;ftp://gamma.example.fr`,
    ].join('\r\n');
    const refused = await upload(bad, false, 'latin1');
    expect(refused.statusCode).toBe(200);
    const answer = refused.json<OfferImportResponse>();
    expect(answer).toMatchObject({ rows: 3, imported: 0 });
    expect(answer.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'publicationDate'],
      [4, 'ref'],
      [4, 'link'],
    ]);
    expect(answer.errors[0]?.message).toContain('31/02/2026');
    expect((await search(tag)).totalOffers).toBe(0);

    const good = bad.split('\r\n').slice(0, 3).join('\n').replace('31/02/2026', '2026-11-22');
    const dry = (await upload(good, true)).json<OfferImportResponse>();
    expect(dry).toEqual({ rows: 2, imported: 0, updated: 0, errors: [] });
    expect((await search(tag)).totalOffers).toBe(0);
    expect((await upload(good, false)).json<OfferImportResponse>()).toEqual({
      rows: 2,
      imported: 2,
      updated: 0,
      errors: [],
    });
    const found = await search(tag);
    expect(found.offers.map((o) => [o.title, o.applicationAction.linkType])).toEqual([
      [`Assistant ${tag}`, 'mail'],
      [`Chargé ${tag}`, 'link'],
    ]);

    const again = good.replace(`Chargé ${tag}`, `Chargée ${tag}`);
    expect((await upload(again, false)).json<OfferImportResponse>()).toMatchObject({ imported: 2, updated: 2 });
    expect((await search(tag)).offers.map((o) => o.title).sort()).toEqual([`Assistant ${tag}`, `Chargée ${tag}`]);

    const missing = await upload('Titre;Description\nA;B\n', false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().errors?.file?.[0]).toMatch(/company, application link/);

    const unclosed = await upload(`${bad.split('\r\n').slice(0, 2).join('\r\n')}\r\nR3;"Stagiaire;Delta;;Missions;https://delta.example.fr\r\n`, false);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json<ErrorBody>().errors?.file?.[0]).toMatch(/^The file cannot be read from line 3 on: a quote/);
  });
});
