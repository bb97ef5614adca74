import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';
import { wrongFileTypeMessage, type CmsInfo, type ErrorBody, type PortalInfos } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../../../test/document-fixtures.ts';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import {
  admissibles,
  cmsSections,
  dossiers,
  fileBlobs,
  files,
  formations,
  forumInvitations,
  partners,
  publicFiles,
  schools,
  users,
} from '../../db/schema/index.ts';
import { saveFile } from '../files/files.service.ts';
import { saveCmsSection } from './portal.service.ts';
import { defaultCfaContact } from '../../config.ts';

const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----passerelle-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const winAnsi = new TextDecoder('windows-1252');

/** Text of every `<hex> Tj` operator, pages' content streams decoded: what a reader would show. */
async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const chunks: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      let data: Uint8Array;
      if (stream instanceof PDFRawStream) data = decodePDFRawStream(stream).decode();
      else if (stream instanceof PDFStream) data = stream.getContents();
      else continue;
      for (const m of Buffer.from(data).toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        chunks.push(winAnsi.decode(Buffer.from(m[1] ?? '', 'hex')));
      }
    }
  }
  return { pages: doc.getPageCount(), text: chunks.join(' ') };
}

const work = mkdtempSync(path.join(tmpdir(), 'passerelle-attestations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let written = 0;

/** poppler's reading of a PDF: `pdftotext`'s text, or `pdfsig`'s verdict. */
function poppler(tool: 'pdftotext' | 'pdfsig', bytes: Uint8Array): { status: number | null; out: string } {
  written += 1;
  const file = path.join(work, `${written}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync(tool, tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The whole CFA an attestation names (issue 28): a production installation that set every part of it. */
const cfaEnv = {
  CFA_ADDRESS_STREET: '12 rue des Apprentis',
  CFA_ADDRESS_POSTCODE: '75011',
  CFA_ADDRESS_CITY: 'Paris',
  CFA_CONTACT_EMAIL: 'alternance@cfa-passerelle.test',
  CFA_CONTACT_PHONE: '01 44 55 66 77',
} as const;

describe('applicant portal content', async () => {
  const context = await createTestApp(cfaEnv);
  const { app } = context;
  const db = app.db;
  let seq = 0;

  async function createUser(userType: 'admissible' | 'company' | 'staff', names: { prenom?: string; nom?: string } = {}) {
    seq += 1;
    const [user] = await db
      .insert(users)
      .values({ email: `portal-${seq}@example.test`, userType, prenom: names.prenom ?? 'Jeanne', nom: names.nom ?? 'Dupont' })
      .returning();
    if (!user) throw new Error('user not created');
    return { id: user.id, token: await accessTokenFor(app, { id: user.id, userType }) };
  }

  async function createApplicant(opts: { schoolCode?: string; forumInvited?: boolean; withFormation?: boolean; prenom?: string; nom?: string } = {}) {
    const user = await createUser('admissible', opts);
    let formationId: number | null = null;
    if (opts.withFormation !== false) {
      seq += 1;
      const [school] = await db
        .insert(schools)
        .values({ code: `${opts.schoolCode ?? 'ESILV'}-${seq}`, name: 'École Supérieure d’Ingénieurs Léonard-de-Vinci' })
        .returning();
      const [formation] = await db
        .insert(formations)
        .values({
          schoolId: school!.id,
          libelle: 'Cycle ingénieur – Informatique',
          year: 2025,
          etape: 3,
          trainingStart: '2025-09-01',
          trainingEnd: '2028-08-31',
        })
        .returning();
      formationId = formation!.id;
    }
    await db.insert(admissibles).values({ userId: user.id, formationId, contractType: 'APP', forumInvited: opts.forumInvited ?? true });
    return user;
  }

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const upload = (token: string, parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return app.inject({ method: 'POST', url: '/api/admissibles/portal/upload', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const countFiles = async (userId: number) => (await db.select().from(files).where(eq(files.ownerUserId, userId))).length;

  describe('access', () => {
    const routes = [
      ['GET', '/api/admissibles/portal/cms?lang=fr'],
      ['GET', '/api/admissibles/portal/infos'],
      ['POST', '/api/admissibles/portal/upload'],
      ['GET', '/api/admissibles/file/getPublicFiles/0?type=home'],
      ['GET', '/api/admissibles/portal/partners'],
      ['GET', '/api/admissibles/portal/attestations/preinscription'],
    ] as const;

    it('answers 401 without a token on every route', async () => {
      for (const [method, url] of routes) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json<ErrorBody>().code).toBe('UNAUTHORIZED');
      }
    });

    it('answers 403 to a company user on every route', async () => {
      const company = await createUser('company');
      for (const [method, url] of routes) {
        const res = await app.inject({ method, url, headers: { authorization: `Bearer ${company.token}` } });
        expect(res.statusCode, url).toBe(403);
        expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      }
    });
  });

  describe('GET /admissibles/portal/cms', () => {
    const dirty =
      '<p>Bonjour<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">piège</a>' +
      '<a href="/espace-admissible/recherche" data-translate-key="portal:home.goToSearch" onclick="steal()">recherche</a>' +
      '<a href="https://example.org/stage" target="_blank">site</a><a href="//evil.example/x">proto</a>' +
      '<iframe src="https://evil.example"></iframe><style>p{}</style><span style="color:red">ok</span></p>';

    it('answers each section in the asked language, falling back to the other one, with html cleaned', async () => {
      await saveCmsSection(db, { section: 'news', lang: 'fr', title: 'Actualités', html: dirty });
      await saveCmsSection(db, { section: 'news', lang: 'en', title: 'News', html: '<p>Hello <strong>all</strong></p>' });
      await saveCmsSection(db, { section: 'information', lang: 'fr', title: 'Informations', html: '<h3>À savoir</h3><ul><li>un</li></ul>' });
      // Written by other means than the service: cleaned again on read.
      await db.insert(cmsSections).values({ section: 'links', lang: 'en', title: 'Links', html: '<a href="javascript:x()" onmouseover="y()">bad</a><script>z()</script>' });
      const applicant = await createApplicant();

      const fr = await get('/api/admissibles/portal/cms?lang=fr', applicant.token);
      expect(fr.statusCode).toBe(200);
      const frBody = fr.json<CmsInfo>();
      expect(frBody.news?.title).toBe('Actualités');
      const text = frBody.news?.text ?? '';
      for (const forbidden of ['<script', 'alert(1)', 'onerror', 'javascript:', 'onclick', '<iframe', '<style', '<img', 'style=', '//evil']) {
        expect(text).not.toContain(forbidden);
      }
      expect(text).toContain('<a href="/espace-admissible/recherche" data-translate-key="portal:home.goToSearch">recherche</a>');
      expect(text).toContain('<a href="https://example.org/stage" target="_blank" rel="noopener noreferrer">site</a>');
      expect(text).toContain('<span>ok</span>');
      const [stored] = await db.select().from(cmsSections).where(eq(cmsSections.title, 'Actualités'));
      expect(stored?.html).not.toContain('<script');
      expect(frBody.information).toEqual({ title: 'Informations', text: '<h3>À savoir</h3><ul><li>un</li></ul>' });
      expect(frBody.links?.title).toBe('Links');
      expect(frBody.links?.text).toBe('<a>bad</a>');
      expect(frBody.platforms).toBeNull();
      expect(frBody.coaching).toBeNull();
      expect(frBody.process).toBeNull();

      const en = (await get('/api/admissibles/portal/cms?lang=en', applicant.token)).json<CmsInfo>();
      expect(en.news).toEqual({ title: 'News', text: '<p>Hello <strong>all</strong></p>' });
      expect(en.information?.title).toBe('Informations');
    });

    it('rejects an unknown language with 400', async () => {
      const applicant = await createApplicant();
      const res = await get('/api/admissibles/portal/cms?lang=de', applicant.token);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().errors?.lang).toBeDefined();
    });

    it('answers the header infos of the applicant', async () => {
      const applicant = await createApplicant({ prenom: 'Élodie', nom: 'Martin', schoolCode: 'EMLV' });
      const body = (await get('/api/admissibles/portal/cms', applicant.token)).json<CmsInfo>();
      expect(body.headerInfos).toEqual({
        admLastName: 'Martin',
        admFirstName: 'Élodie',
        formationYear: 2025,
        formationLibelle: 'Cycle ingénieur – Informatique',
        formationEtape: 3,
        contractType: 'APP',
        school: body.headerInfos.school,
        // A school inserted bare has no rules (the back office's creation gives SPEC's: formations.test.ts).
        schoolRules: { holdsWorkshops: false, bacAttestationOrMore: false },
      });
      expect(body.headerInfos.school).toMatch(/^EMLV-/);
      expect(Array.isArray(body.ateliers.list)).toBe(true);
      expect(typeof body.ateliers.canRegister).toBe('boolean');

      const bare = await createApplicant({ withFormation: false });
      const bareBody = (await get('/api/admissibles/portal/cms', bare.token)).json<CmsInfo>();
      expect(bareBody.headerInfos).toMatchObject({
        formationYear: null,
        formationLibelle: null,
        formationEtape: null,
        school: null,
        schoolRules: { holdsWorkshops: false, bacAttestationOrMore: false },
      });
    });

    it('says whether a dossier is ongoing and which one', async () => {
      const applicant = await createApplicant();
      const cms = async () => (await get('/api/admissibles/portal/cms', applicant.token)).json<CmsInfo>();
      expect(await cms()).toMatchObject({ isDossierOngoing: false, currentDossierId: null });

      await db.insert(dossiers).values({ admissibleUserId: applicant.id, dossierStatut: 9 });
      await db.insert(dossiers).values({ admissibleUserId: applicant.id, dossierStatut: 6 });
      expect(await cms()).toMatchObject({ isDossierOngoing: false, currentDossierId: null });

      const [ongoing] = await db.insert(dossiers).values({ admissibleUserId: applicant.id, dossierStatut: 3 }).returning();
      expect(await cms()).toMatchObject({ isDossierOngoing: true, currentDossierId: ongoing!.id });

      await db.update(dossiers).set({ dossierStatut: 13 }).where(eq(dossiers.id, ongoing!.id));
      expect(await cms()).toMatchObject({ isDossierOngoing: false, currentDossierId: null });
    });

    it('shows the active forum invitation to invited applicants only', async () => {
      await db.insert(forumInvitations).values({ name: 'Ancien forum', date: '2024-03-01', link: 'https://forum.example/old', active: false });
      await db.insert(forumInvitations).values({ name: 'Forum alternance', date: '2026-03-12', link: 'https://forum.example/2026' });
      const invited = await createApplicant();
      const notInvited = await createApplicant({ forumInvited: false });
      expect((await get('/api/admissibles/portal/cms', invited.token)).json<CmsInfo>().forumInvitation).toEqual({
        name: 'Forum alternance',
        date: '2026-03-12',
        link: 'https://forum.example/2026',
      });
      expect((await get('/api/admissibles/portal/cms', notInvited.token)).json<CmsInfo>().forumInvitation).toBeNull();
    });
  });

  describe('infos and uploads', () => {
    it('starts empty', async () => {
      const applicant = await createApplicant();
      const res = await get('/api/admissibles/portal/infos', applicant.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        documents: { cv: [], cvec: { isValid: false, numCvec: null, fileUrl: null }, attestationBac: { isValid: false, fileUrl: null } },
      });
    });

    it('stores a PDF CV and answers the new infos; CVs add up, newest first', async () => {
      const applicant = await createApplicant();
      const pdf = await pdfBytes();
      const first = await upload(applicant.token, [{ name: 'cv', value: pdf, filename: 'Mon CV été.pdf', contentType: 'application/pdf' }]);
      expect(first.statusCode).toBe(200);
      const infos = first.json<PortalInfos>();
      expect(infos.documents.cv).toHaveLength(1);
      const cv = infos.documents.cv[0]!;
      expect(cv.fileUrl).toBe(`/api/files/${cv.fileId}`);
      expect(new Date(cv.uploadDate).toISOString()).toBe(cv.uploadDate);
      const [row] = await db.select().from(files).where(eq(files.id, cv.fileId));
      expect(row).toMatchObject({ ownerUserId: applicant.id, kind: 'cv', contentType: 'application/pdf', filename: 'Mon CV été.pdf', size: pdf.byteLength });

      const second = await upload(applicant.token, [{ name: 'cv', value: pdf, filename: 'cv2.pdf', contentType: 'application/pdf' }]);
      const cvs = second.json<PortalInfos>().documents.cv;
      expect(cvs).toHaveLength(2);
      expect(cvs[1]!.fileId).toBe(cv.fileId);
      expect(cvs[0]!.uploadDate >= cvs[1]!.uploadDate).toBe(true);
      expect((await get('/api/admissibles/portal/infos', applicant.token)).json()).toEqual(second.json());
    });

    it('refuses a PNG named .pdf as a CV, by its bytes, saying the content is not a PDF', async () => {
      const applicant = await createApplicant();
      const res = await upload(applicant.token, [{ name: 'cv', value: pngBytes, filename: 'cv.pdf', contentType: 'application/pdf' }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', errors: { cv: ['file.content_not_pdf'] } });
      expect(await countFiles(applicant.id)).toBe(0);
    });

    it('refuses a CV with a wrong extension with the SPEC message under the field', async () => {
      const applicant = await createApplicant();
      const res = await upload(applicant.token, [{ name: 'cv', value: pngBytes, filename: 'cv.png', contentType: 'image/png' }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', errors: { cv: [`${wrongFileTypeMessage}.pdf`] } });
    });

    it('accepts a PDF named .png as a bac attestation, kept as a PDF and pending check', async () => {
      const applicant = await createApplicant();
      const res = await upload(applicant.token, [{ name: 'attestationBac', value: await pdfBytes(), filename: 'bac.png', contentType: 'image/png' }]);
      expect(res.statusCode).toBe(200);
      const { attestationBac } = res.json<PortalInfos>().documents;
      expect(attestationBac.isValid).toBe(false);
      const id = attestationBac.fileUrl?.split('/').pop() ?? '';
      const [row] = await db.select().from(files).where(eq(files.id, id));
      expect(row).toMatchObject({ kind: 'attestationBac', contentType: 'application/pdf', filename: 'bac.pdf' });
      const [adm] = await db.select().from(admissibles).where(eq(admissibles.userId, applicant.id));
      expect(adm?.attestationBacFileId).toBe(id);
    });

    it('accepts a JPEG bac attestation but not a JPEG CVEC certificate', async () => {
      const applicant = await createApplicant();
      const ok = await upload(applicant.token, [{ name: 'attestationBac', value: jpegBytes, filename: 'scan.jpeg' }]);
      expect(ok.statusCode).toBe(200);
      const bad = await upload(applicant.token, [{ name: 'cvec', value: jpegBytes, filename: 'cvec.pdf' }]);
      expect(bad.statusCode).toBe(415);
      expect(bad.json<ErrorBody>().errors).toEqual({ cvec: ['file.content_not_pdf'] });
      const wrongBac = await upload(applicant.token, [{ name: 'attestationBac', value: Buffer.from('GIF89a....'), filename: 'x.png' }]);
      expect(wrongBac.json<ErrorBody>().errors).toEqual({ attestationBac: ['file.content_not_pdf_or_image'] });
      const gif = await upload(applicant.token, [{ name: 'attestationBac', value: Buffer.from('GIF89a....'), filename: 'x.gif' }]);
      expect(gif.json<ErrorBody>().errors).toEqual({ attestationBac: [`${wrongFileTypeMessage}.png, .jpg, .jpeg, .pdf`] });
    });

    it('answers 413 with errors.cv for 10 MB + 1 byte, and stores nothing', async () => {
      const applicant = await createApplicant();
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
      big.write('%PDF-1.7\n', 0, 'latin1');
      const res = await upload(applicant.token, [{ name: 'cv', value: big, filename: 'big.pdf', contentType: 'application/pdf' }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { cv: [expect.stringContaining('10 Mo')] } });
      expect(await countFiles(applicant.id)).toBe(0);
    });

    // Storing 10 MB in the embedded database takes seconds, many more on a busy machine.
    it('accepts a file of exactly 10 MB', { timeout: 120_000 }, async () => {
      const applicant = await createApplicant();
      const exact = pdfFile('max', 10 * 1024 * 1024);
      const res = await upload(applicant.token, [{ name: 'cv', value: exact, filename: 'max.pdf' }]);
      expect(res.statusCode).toBe(200);
      const [row] = await db.select().from(files).where(eq(files.ownerUserId, applicant.id));
      expect(row?.size).toBe(10 * 1024 * 1024);
    });

    it('stores nothing when one of two fields fails', async () => {
      const applicant = await createApplicant();
      const blobsBefore = (await db.select({ key: fileBlobs.key }).from(fileBlobs)).length;
      const res = await upload(applicant.token, [
        { name: 'cv', value: await pdfBytes(), filename: 'cv.pdf' },
        { name: 'cvec', value: pngBytes, filename: 'cvec.pdf' },
        { name: 'numCvec', value: 'ABC1 234567 89' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(Object.keys(res.json<ErrorBody>().errors ?? {})).toEqual(['cvec']);
      expect(await countFiles(applicant.id)).toBe(0);
      expect((await db.select({ key: fileBlobs.key }).from(fileBlobs)).length).toBe(blobsBefore);
      const [adm] = await db.select().from(admissibles).where(eq(admissibles.userId, applicant.id));
      expect(adm?.cvecNumber).toBeNull();
    });

    it('replaces the CVEC certificate, keeps its number and marks it pending check', async () => {
      const applicant = await createApplicant();
      const first = await upload(applicant.token, [
        { name: 'cvec', value: await pdfBytes(), filename: 'cvec.pdf' },
        { name: 'numCvec', value: ' ABC1 234567 89 ' },
      ]);
      expect(first.statusCode).toBe(200);
      const oldUrl = first.json<PortalInfos>().documents.cvec.fileUrl;
      expect(first.json<PortalInfos>().documents.cvec).toMatchObject({ isValid: false, numCvec: 'ABC1 234567 89' });
      expect(oldUrl).toMatch(/^\/api\/files\//);
      const oldId = oldUrl?.split('/').pop() ?? '';
      const [oldRow] = await db.select().from(files).where(eq(files.id, oldId));
      // Staff validated the first certificate.
      await db.update(admissibles).set({ cvecValid: true }).where(eq(admissibles.userId, applicant.id));

      const second = await upload(applicant.token, [{ name: 'cvec', value: await pdfBytes(), filename: 'cvec-2025.pdf' }]);
      expect(second.statusCode).toBe(200);
      const { cvec } = second.json<PortalInfos>().documents;
      expect(cvec.isValid).toBe(false);
      expect(cvec.numCvec).toBe('ABC1 234567 89');
      expect(cvec.fileUrl).not.toBe(oldUrl);
      expect(await db.select().from(files).where(eq(files.id, oldId))).toEqual([]);
      expect(await db.select().from(fileBlobs).where(eq(fileBlobs.key, oldRow!.storageKey))).toEqual([]);
      expect(await countFiles(applicant.id)).toBe(1);
    });

    it('answers 400 with errors for a bad CVEC number, an unknown field, a repeated field or an empty form', async () => {
      const applicant = await createApplicant();
      const badNumber = await upload(applicant.token, [{ name: 'numCvec', value: '<script>' }]);
      expect(badNumber.statusCode).toBe(400);
      expect(badNumber.json<ErrorBody>().errors?.numCvec).toHaveLength(1);

      const unknown = await upload(applicant.token, [{ name: 'photo', value: pngBytes, filename: 'me.png' }]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ErrorBody>().errors?.photo).toHaveLength(1);

      const pdf = await pdfBytes();
      const twice = await upload(applicant.token, [
        { name: 'cv', value: pdf, filename: 'a.pdf' },
        { name: 'cv', value: pdf, filename: 'b.pdf' },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json<ErrorBody>().errors?.cv).toHaveLength(1);

      const empty = await upload(applicant.token, []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().code).toBe('VALIDATION_FAILED');

      const json = await app.inject({
        method: 'POST',
        url: '/api/admissibles/portal/upload',
        payload: { cv: 'x' },
        headers: { authorization: `Bearer ${applicant.token}` },
      });
      expect(json.statusCode).toBe(400);
      expect(await countFiles(applicant.id)).toBe(0);
    });
  });

  describe('public files and partners', () => {
    it('lists public files for the home card, by the applicant of the dossier only', async () => {
      const pdf = await pdfBytes();
      const file = await saveFile(db, app.storage, { ownerUserId: null, kind: 'public', filename: 'guide.pdf', contentType: 'application/pdf', bytes: pdf });
      await db.insert(publicFiles).values({ name: 'Guide de l’alternance', translateKey: 'portal:documents.guide', fileId: file.id, position: 1 });
      const applicant = await createApplicant();
      const other = await createApplicant();
      const [own] = await db.insert(dossiers).values({ admissibleUserId: applicant.id }).returning();
      const [foreign] = await db.insert(dossiers).values({ admissibleUserId: other.id }).returning();

      const res = await get('/api/admissibles/file/getPublicFiles/0?type=home', applicant.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual({
        name: 'Guide de l’alternance',
        translateKey: 'portal:documents.guide',
        size: pdf.byteLength,
        contentType: 'application/pdf',
        attachmentUrl: `/api/files/${file.id}`,
      });
      expect((await get(`/api/admissibles/file/getPublicFiles/${own!.id}?type=home`, applicant.token)).statusCode).toBe(200);
      expect((await get(`/api/admissibles/file/getPublicFiles/${foreign!.id}?type=home`, applicant.token)).statusCode).toBe(404);
      expect((await get('/api/admissibles/file/getPublicFiles/abc', applicant.token)).statusCode).toBe(400);
      expect((await get('/api/admissibles/file/getPublicFiles/0?type=other', applicant.token)).statusCode).toBe(400);

      const download = await get(`/api/files/${file.id}`, other.token);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);
    });

    it('lists partners by position', async () => {
      await db.insert(partners).values([
        { nom: 'Second', logo: 'https://logo.example/2.png', web: 'https://second.example/jobs', position: 2 },
        { nom: 'Premier', logo: 'https://logo.example/1.png', web: 'https://first.example/jobs', position: 1 },
      ]);
      const applicant = await createApplicant();
      const res = await get('/api/admissibles/portal/partners', applicant.token);
      expect(res.statusCode).toBe(200);
      const list = res.json<{ id: number; nom: string; logo: string; web: string }[]>();
      expect(list.map((p) => p.nom)).toEqual(['Premier', 'Second']);
      expect(list[0]).toEqual({ id: list[0]?.id, nom: 'Premier', logo: 'https://logo.example/1.png', web: 'https://first.example/jobs' });
      expect(Number.isInteger(list[0]?.id)).toBe(true);
    });
  });

  describe('attestations', () => {
    it.each([
      ['preinscription', 'Attestation de pré-inscription', 'est pré-inscrit(e)'],
      ['admissibilite', "Attestation d'admissibilité", 'admissible'],
    ])('generates the %s attestation as a one-page PDF naming the applicant', async (kind, title, phrase) => {
      const applicant = await createApplicant({ prenom: 'Łucja', nom: 'Nguyễn 山田' });
      const res = await get(`/api/admissibles/portal/attestations/${kind}`, applicant.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''attestation-${kind}.pdf`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { pages, text } = await pdfText(res.rawPayload);
      expect(pages).toBe(1);
      // Characters Helvetica cannot encode lose their accents (Ł → L, Ễ → E) or become "?"; French accents stay.
      expect(text).toContain('Lucja NGUYEN ??');
      expect(text).toContain(title);
      expect(text).toContain(phrase);
      expect(text).toContain('École Supérieure d’Ingénieurs Léonard-de-Vinci');
      expect(text).toContain('Cycle ingénieur – Informatique');
      expect(text).toContain('année 2025/2026');
      expect(text).toMatch(/Fait le \d{2}\/\d{2}\/\d{4}/);
    });

    it.each(['preinscription', 'admissibilite'])(
      'names the CFA on the %s attestation and seals it: pdftotext reads the CFA, pdfsig finds the seal valid',
      async (kind) => {
        const applicant = await createApplicant();
        const res = await get(`/api/admissibles/portal/attestations/${kind}`, applicant.token);
        expect(res.statusCode).toBe(200);
        const text = poppler('pdftotext', res.rawPayload).out.replace(/\s+/g, ' ');
        for (const part of [
          'CFA Passerelle',
          'UAI 0755555F',
          '12 rue des Apprentis',
          '75011 Paris',
          'alternance@cfa-passerelle.test',
          '01 44 55 66 77',
        ])
          expect(text).toContain(part);
        expect(text).toContain('de « CFA Passerelle », atteste que Jeanne DUPONT');
        const verdict = poppler('pdfsig', res.rawPayload);
        expect(verdict.status, verdict.out).toBe(0);
        expect(verdict.out).toContain('Signature Type: ETSI.CAdES.detached');
        expect(verdict.out).toContain('Signature is Valid');
        expect(verdict.out).toContain('Total document signed');
        expect(verdict.out).toContain('Passerelle CFA seal (self-signed)');

        // One byte of the drawn page changed: the seal says so.
        const tampered = Buffer.from(res.rawPayload);
        const at = tampered.indexOf('stream') + 'stream\n'.length + 5;
        tampered[at] = tampered[at]! ^ 0x01;
        expect(poppler('pdfsig', tampered).out).not.toContain('Signature is Valid');
      },
    );

    it('answers 401 without a session and 403 to a company or staff user; an applicant gets only their own', async () => {
      const noSession = await get('/api/admissibles/portal/attestations/admissibilite');
      expect(noSession.statusCode).toBe(401);
      expect(noSession.json<ErrorBody>().code).toBe('UNAUTHORIZED');
      for (const other of [await createUser('company'), await createUser('staff')]) {
        const res = await get('/api/admissibles/portal/attestations/admissibilite', other.token);
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      }
      await createApplicant({ prenom: 'Aline', nom: 'Martin' });
      const other = await createApplicant({ prenom: 'Bruno', nom: 'Petit' });
      const res = await get('/api/admissibles/portal/attestations/admissibilite', other.token);
      const text = poppler('pdftotext', res.rawPayload).out.replace(/\s+/g, ' ');
      expect(text).toContain('Bruno PETIT');
      expect(text).not.toContain('MARTIN');
    });

    /** Another API process on the same database, its environment changed as `env` says. */
    async function appWith(env: Partial<typeof app.config>) {
      const other = await buildApp({ config: { ...app.config, ...env }, database: context.database, logger: false });
      await other.ready();
      afterAll(() => other.close());
      return other;
    }

    it('is refused in production while the CFA lacks its address, a right UAI or a contact of its own (409)', async () => {
      const incomplete = await appWith({
        CFA_UAI: '0755555A',
        CFA_ADDRESS_STREET: undefined,
        CFA_ADDRESS_POSTCODE: undefined,
        CFA_ADDRESS_CITY: undefined,
        CFA_CONTACT_EMAIL: defaultCfaContact.email,
        CFA_CONTACT_PHONE: defaultCfaContact.phone,
      });
      const applicant = await createApplicant();
      const res = await incomplete.inject({
        method: 'GET',
        url: '/api/admissibles/portal/attestations/preinscription',
        headers: { authorization: `Bearer ${applicant.token}` },
      });
      expect(res.statusCode).toBe(409);
      const body = res.json<ErrorBody>();
      expect(body.code).toBe('CFA_IDENTITY_INCOMPLETE');
      expect(body.message).toContain('before an attestation is issued');
      expect(body.errors).toEqual({
        'cfa.uai': ['cfa.uai_check_letter'],
        'cfa.street': ['field.required'],
        'cfa.postcode': ['field.required'],
        'cfa.city': ['field.required'],
        'cfa.contactEmail': ['cfa.contact_default'],
        'cfa.contactPhone': ['cfa.contact_default'],
      });
    });

    it('names the fictitious CFA on a demonstration that set none, sealed all the same', async () => {
      const demo = await appWith({
        DEMO_DATA: true,
        CFA_DENOMINATION: undefined,
        CFA_UAI: undefined,
        CFA_SIRET: undefined,
        CFA_ADDRESS_STREET: undefined,
        CFA_ADDRESS_POSTCODE: undefined,
        CFA_ADDRESS_CITY: undefined,
      });
      const applicant = await createApplicant();
      const res = await demo.inject({
        method: 'GET',
        url: '/api/admissibles/portal/attestations/preinscription',
        headers: { authorization: `Bearer ${applicant.token}` },
      });
      expect(res.statusCode).toBe(200);
      const text = poppler('pdftotext', res.rawPayload).out.replace(/\s+/g, ' ');
      expect(text).toContain('CFA fictif Passerelle (démonstration)');
      expect(text).toContain('UAI 0755555F');
      expect(text).toContain('alternance@cfa-passerelle.test');
      expect(poppler('pdfsig', res.rawPayload).out).toContain('Signature is Valid');
    });

    it('answers 404 while the applicant has no formation, and 400 for an unknown kind', async () => {
      const applicant = await createApplicant({ withFormation: false });
      expect((await get('/api/admissibles/portal/attestations/preinscription', applicant.token)).statusCode).toBe(404);
      const unknown = await get('/api/admissibles/portal/attestations/diplome', applicant.token);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ErrorBody>().errors?.kind).toBeDefined();
    });
  });
});
