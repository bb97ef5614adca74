import type {
  CmsInfo,
  ErrorBody,
  Partner,
  PublicFile,
  StaffCmsSection,
  StaffForumResponse,
  StaffPartner,
  StaffPublicFile,
} from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfFile } from '../../../test/document-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import { cmsSections, files, forumInvitations, partners, publicFiles } from '../../db/schema/index.ts';
import { createSchool, createUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';

const pdf = (text: string) => new Uint8Array(pdfFile(text));
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/** A multipart body as a browser sends it, serialised by the platform's own FormData. */
async function form(parts: Record<string, string | { bytes: Uint8Array; filename: string }>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([value.bytes]), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

describe('content back office API', async () => {
  const { app } = await createTestApp();
  const staff = await createUser(app, 'staff');
  const admin = await createUser(app, 'admin');
  const { formationId } = await createSchool(app, 'EMLV');
  const applicant = await createUser(app, 'admissible', formationId);
  const employer = await createUser(app, 'company');

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (caller: SignedInUser | undefined, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: caller?.headers ?? {}, ...(payload ? { payload } : {}) });
  const upload = async (caller: SignedInUser | undefined, url: string, parts: Parameters<typeof form>[0]) => {
    const body = await form(parts);
    return app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...(caller?.headers ?? {}), 'content-type': body.contentType },
    });
  };
  const feed = async (lang: 'fr' | 'en') =>
    (await call(applicant, 'GET', `/api/admissibles/portal/cms?lang=${lang}`)).json<CmsInfo>();

  it('answers 401 without a token and 403 to applicants and employers on every route; nothing is written', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', '/api/staff/cms/news?lang=fr-FR'],
      ['PUT', '/api/staff/cms/news?lang=fr-FR', { title: 'Piraté', text: '<p>x</p>' }],
      ['GET', '/api/staff/content/public-files'],
      ['PUT', '/api/staff/content/public-files/1', { name: 'x' }],
      ['PUT', '/api/staff/content/public-files/order', { ids: [1] }],
      ['DELETE', '/api/staff/content/public-files/1'],
      ['GET', '/api/staff/content/partners'],
      ['POST', '/api/staff/content/partners', { nom: 'Piraté', web: 'https://x.fr', logo: 'x' }],
      ['PUT', '/api/staff/content/partners/1', { nom: 'Piraté', web: 'https://x.fr', logo: 'x' }],
      ['PUT', '/api/staff/content/partners/order', { ids: [1] }],
      ['DELETE', '/api/staff/content/partners/1'],
      ['GET', '/api/staff/content/forum'],
      ['PUT', '/api/staff/content/forum', { name: 'Piraté', date: '2026-01-01', link: 'https://x.fr', active: true }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
      for (const caller of [applicant, employer])
        expect((await call(caller, method, url, payload)).statusCode, url).toBe(403);
    }
    for (const url of ['/api/staff/content/public-files', '/api/staff/content/partner-logos']) {
      expect((await upload(undefined, url, { file: { bytes: png, filename: 'x.png' } })).statusCode).toBe(401);
      expect((await upload(applicant, url, { file: { bytes: png, filename: 'x.png' } })).statusCode).toBe(403);
    }
    expect(await app.db.select().from(cmsSections).where(eq(cmsSections.title, 'Piraté'))).toHaveLength(0);
    expect(await app.db.select().from(partners).where(eq(partners.nom, 'Piraté'))).toHaveLength(0);
    expect(await app.db.select().from(publicFiles)).toHaveLength(0);
  });

  it('saves a section per language, cleaned, and the applicant’s feed shows it at once in their language', async () => {
    const empty = await call(staff, 'GET', '/api/staff/cms/news?lang=en-US');
    expect(empty.json<StaffCmsSection>()).toEqual({
      section: 'news',
      lang: 'en-US',
      title: '',
      text: '',
      updatedAt: null,
    });

    const dirty =
      '<h2>Forum</h2><p onclick="steal()">Venez <strong>nombreux</strong><img src=x onerror="alert(1)"></p><script>alert(2)</script>';
    const fr = await call(staff, 'PUT', '/api/staff/cms/news?lang=fr-FR', { title: ' Actualités ', text: dirty });
    expect(fr.statusCode).toBe(200);
    const saved = fr.json<StaffCmsSection>();
    expect(saved).toMatchObject({
      section: 'news',
      lang: 'fr-FR',
      title: 'Actualités',
      text: '<h2>Forum</h2><p>Venez <strong>nombreux</strong></p>',
    });
    expect(saved.updatedAt).not.toBeNull();
    const en = await call(admin, 'PUT', '/api/staff/cms/news?lang=en-US', {
      title: 'News',
      text: '<p>Come <em>along</em></p>',
    });
    expect(en.statusCode).toBe(200);

    expect((await feed('fr')).news).toEqual({
      title: 'Actualités',
      text: '<h2>Forum</h2><p>Venez <strong>nombreux</strong></p>',
    });
    expect((await feed('en')).news).toEqual({ title: 'News', text: '<p>Come <em>along</em></p>' });
    const [row] = await app.db.select().from(cmsSections).where(eq(cmsSections.title, 'Actualités'));
    expect(row).toMatchObject({ lang: 'fr' });
    expect(row?.html).not.toMatch(/script|onerror|onclick/);

    const again = await call(staff, 'GET', '/api/staff/cms/news?lang=fr-FR');
    expect(again.json<StaffCmsSection>().text).toBe('<h2>Forum</h2><p>Venez <strong>nombreux</strong></p>');
  });

  it('refuses an unknown section with 404, and a bad language, an empty title or too long html with per-field errors', async () => {
    expect((await call(staff, 'GET', '/api/staff/cms/secrets?lang=fr-FR')).statusCode).toBe(404);
    expect((await call(staff, 'PUT', '/api/staff/cms/secrets?lang=fr-FR', { title: 'x', text: '' })).statusCode).toBe(
      404,
    );
    const badLang = await call(staff, 'GET', '/api/staff/cms/news?lang=de');
    expect(badLang.statusCode).toBe(400);
    expect(Object.keys(badLang.json<ErrorBody>().errors ?? {})).toEqual(['lang']);
    const invalid = await call(staff, 'PUT', '/api/staff/cms/news?lang=fr-FR', {
      title: '  ',
      text: 'x'.repeat(50_001),
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json<ErrorBody>().errors ?? {}).sort()).toEqual(['text', 'title']);
    expect(invalid.json<ErrorBody>().errors?.['title']).toEqual(['field.required']);
  });

  it('uploads, renames, orders and removes public files the applicant’s home lists', async () => {
    const first = await upload(staff, '/api/staff/content/public-files', {
      file: { bytes: pdf('guide'), filename: 'guide-alternance.pdf' },
    });
    expect(first.statusCode).toBe(201);
    const guide = first.json<{ file: StaffPublicFile }>().file;
    expect(guide).toMatchObject({ name: 'guide-alternance', contentType: 'application/pdf', position: 0 });
    const second = await upload(admin, '/api/staff/content/public-files', {
      name: 'Calendrier 2026',
      file: { bytes: pdf('cal'), filename: 'cal.pdf' },
    });
    const calendar = second.json<{ file: StaffPublicFile }>().file;
    expect(calendar).toMatchObject({ name: 'Calendrier 2026', position: 1 });

    const renamed = await call(staff, 'PUT', `/api/staff/content/public-files/${guide.id}`, {
      name: 'Guide de l’alternance',
    });
    expect(renamed.json<{ file: StaffPublicFile }>().file.name).toBe('Guide de l’alternance');
    const ordered = await call(staff, 'PUT', '/api/staff/content/public-files/order', { ids: [calendar.id, guide.id] });
    expect(ordered.json<{ files: StaffPublicFile[] }>().files.map((f) => f.name)).toEqual([
      'Calendrier 2026',
      'Guide de l’alternance',
    ]);

    const listed = await call(applicant, 'GET', '/api/admissibles/file/getPublicFiles/0?type=home');
    expect(listed.json<PublicFile[]>().map((f) => f.name)).toEqual(['Calendrier 2026', 'Guide de l’alternance']);
    const download = await call(applicant, 'GET', guide.attachmentUrl);
    expect(download.statusCode).toBe(200);

    const stale = await call(staff, 'PUT', '/api/staff/content/public-files/order', { ids: [guide.id] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().errors).toEqual({ ids: ['content.order_mismatch'] });

    expect((await call(staff, 'DELETE', `/api/staff/content/public-files/${guide.id}`)).statusCode).toBe(204);
    expect((await call(applicant, 'GET', guide.attachmentUrl)).statusCode).toBe(404);
    expect(
      await app.db
        .select()
        .from(files)
        .where(eq(files.id, guide.attachmentUrl.split('/').pop() ?? '')),
    ).toHaveLength(0);
    expect((await call(staff, 'DELETE', `/api/staff/content/public-files/${guide.id}`)).statusCode).toBe(404);
    expect((await call(staff, 'PUT', '/api/staff/content/public-files/999999', { name: 'x' })).statusCode).toBe(404);
    const blank = await call(staff, 'PUT', `/api/staff/content/public-files/${calendar.id}`, { name: ' ' });
    expect(blank.json<ErrorBody>().errors).toEqual({ name: ['field.required'] });
  });

  it('refuses a missing file, a file whose bytes are not a PDF or image, and an oversized one', async () => {
    const none = await upload(staff, '/api/staff/content/public-files', { name: 'Rien' });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().errors).toEqual({ file: ['field.required'] });
    const disguised = await upload(staff, '/api/staff/content/public-files', {
      file: { bytes: new TextEncoder().encode('<script>alert(1)</script>'), filename: 'x.pdf' },
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json<ErrorBody>().errors).toEqual({ file: ['file.content_not_pdf_or_image'] });
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(pdf('big'));
    const tooLarge = await upload(staff, '/api/staff/content/public-files', {
      file: { bytes: big, filename: 'big.pdf' },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ErrorBody>().errors).toEqual({ file: ['file.too_large'] });
    const pdfLogo = await upload(staff, '/api/staff/content/partner-logos', {
      file: { bytes: pdf('x'), filename: 'logo.png' },
    });
    expect(pdfLogo.statusCode).toBe(415);
    expect(pdfLogo.json<ErrorBody>().errors).toEqual({ file: ['content.image_only'] });
  });

  it('creates partners with an uploaded logo and an https address, orders, updates and removes them', async () => {
    const logoRes = await upload(staff, '/api/staff/content/partner-logos', {
      file: { bytes: png, filename: 'acme.png' },
    });
    expect(logoRes.statusCode).toBe(201);
    const logo = logoRes.json<{ logo: string }>().logo;
    expect(logo).toMatch(/^\/api\/offers\/logos\/[0-9a-f-]{36}$/);
    const served = await app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const insecure = await call(staff, 'POST', '/api/staff/content/partners', {
      nom: 'Acme',
      web: 'http://acme.fr',
      logo,
    });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json<ErrorBody>().errors).toEqual({ web: ['content.https_required'] });
    const foreignLogo = await call(staff, 'POST', '/api/staff/content/partners', {
      nom: 'Acme',
      web: 'https://acme.fr',
      logo: 'https://evil.example/x.png',
    });
    expect(foreignLogo.json<ErrorBody>().errors).toEqual({ logo: ['content.logo_unknown'] });

    const acme = (
      await call(staff, 'POST', '/api/staff/content/partners', {
        nom: 'Acme',
        web: 'https://acme.fr/recrutement',
        logo,
      })
    ).json<{ partner: StaffPartner }>().partner;
    const globex = (
      await call(admin, 'POST', '/api/staff/content/partners', { nom: 'Globex', web: 'https://globex.fr', logo })
    ).json<{ partner: StaffPartner }>().partner;
    expect([acme.position, globex.position]).toEqual([0, 1]);
    const updated = await call(staff, 'PUT', `/api/staff/content/partners/${acme.id}`, {
      nom: 'Acme Group',
      web: 'https://acme.fr',
      logo,
    });
    expect(updated.json<{ partner: StaffPartner }>().partner).toMatchObject({
      nom: 'Acme Group',
      web: 'https://acme.fr',
    });
    await call(staff, 'PUT', '/api/staff/content/partners/order', { ids: [globex.id, acme.id] });

    const seen = await call(applicant, 'GET', '/api/admissibles/portal/partners');
    expect(seen.json<Partner[]>().map((p) => p.nom)).toEqual(['Globex', 'Acme Group']);
    expect((await call(staff, 'DELETE', `/api/staff/content/partners/${globex.id}`)).statusCode).toBe(204);
    expect(
      (await call(staff, 'PUT', `/api/staff/content/partners/${globex.id}`, { nom: 'x', web: 'https://x.fr', logo }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(applicant, 'GET', '/api/admissibles/portal/partners')).json<Partner[]>().map((p) => p.nom),
    ).toEqual(['Acme Group']);
  });

  it('sets the forum invitation the applicant sees, and hides it when turned off', async () => {
    await app.db.delete(forumInvitations);
    expect((await call(staff, 'GET', '/api/staff/content/forum')).json<StaffForumResponse>()).toEqual({ forum: null });
    // A past forum kept inactive, written after the one shown: staff edit the one applicants see.
    await app.db.insert(forumInvitations).values([
      { name: 'Forum de rentrée', date: '2026-02-01', link: 'https://a.example.fr', active: true },
      { name: 'Ancien forum', date: '2025-03-01', link: 'https://b.example.fr', active: false },
    ]);
    expect((await call(staff, 'GET', '/api/staff/content/forum')).json<StaffForumResponse>().forum).toMatchObject({
      name: 'Forum de rentrée',
      active: true,
    });
    const invalid = await call(staff, 'PUT', '/api/staff/content/forum', {
      name: '',
      date: '2026-13-01',
      link: 'javascript:alert(1)',
      active: true,
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json<ErrorBody>().errors ?? {}).sort()).toEqual(['date', 'link', 'name']);

    const forum = { name: 'Forum Alternance 2026', date: '2026-03-12', link: 'https://forum.example.fr', active: true };
    expect((await call(staff, 'PUT', '/api/staff/content/forum', forum)).json<StaffForumResponse>()).toEqual({ forum });
    expect((await feed('fr')).forumInvitation).toEqual({ name: forum.name, date: forum.date, link: forum.link });

    await call(admin, 'PUT', '/api/staff/content/forum', { ...forum, active: false });
    expect((await feed('fr')).forumInvitation).toBeNull();
    expect((await call(staff, 'GET', '/api/staff/content/forum')).json<StaffForumResponse>().forum).toMatchObject({
      active: false,
      name: forum.name,
    });
    expect(await app.db.select().from(forumInvitations)).toHaveLength(2);
  });
});
