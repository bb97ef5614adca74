import type { OffersResponse } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { pageDirectives } from '../../plugins/security.ts';
import { saveFile } from '../files/files.service.ts';
import { createUser } from '../workshops/applicant-fixtures.ts';
import { createOffers, storeOfferLogo, type NewOffer } from './offers.service.ts';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0a7"/></svg>';

const offer = (title: string, logo: string | null): NewOffer => ({
  title,
  companyName: 'Data Conseil',
  description: 'Une offre.',
  logo,
  publicationDate: '2026-03-01',
  startDate: null,
  linkType: 'link',
  link: 'https://example.fr/offre',
});

describe('offer logos, kept and served by the portal', async () => {
  const { app, database } = await createTestApp();
  const logoUrl = await storeOfferLogo(database.db, app.storage, {
    filename: 'data-conseil.svg',
    contentType: 'image/svg+xml',
    bytes: new TextEncoder().encode(svg),
  });
  await createOffers(database.db, [offer('Logo chez nous', logoUrl), offer('Logo ailleurs', 'https://logo.clearbit.com/x.fr')]);

  it('lists an offer with the address of its logo on our API, and never a third-party one', async () => {
    const applicant = await createUser(app, 'admissible');
    const res = await app.inject({ method: 'GET', url: '/api/admissibles/portal/offers?page=1', headers: applicant.headers });
    expect(res.statusCode).toBe(200);
    const logos = Object.fromEntries(res.json<OffersResponse>().offers.map((o) => [o.title, o.logo]));
    expect(logos['Logo chez nous']).toMatch(/^\/api\/offers\/logos\/[0-9a-f-]{36}$/);
    expect(logos['Logo ailleurs']).toBeNull();
  });

  it('serves the logo bytes without a token (an <img> sends none), cached and unable to run anything', async () => {
    const res = await app.inject({ method: 'GET', url: logoUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe(svg);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 404 for an unknown id and for a stored file that is not an offer logo', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/offers/logos/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/offers/logos/not-a-uuid' })).statusCode).toBe(404);
    const owner = await createUser(app, 'admissible');
    const cv = await saveFile(database.db, app.storage, {
      ownerUserId: owner.id,
      kind: 'cv',
      filename: 'cv.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.7'),
    });
    expect((await app.inject({ method: 'GET', url: `/api/offers/logos/${cv.id}` })).statusCode).toBe(404);
  });

  it('lets the page load images from its own origin only', () => {
    expect(pageDirectives.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });
});
