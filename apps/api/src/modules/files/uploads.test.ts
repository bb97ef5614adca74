import { Writable } from 'node:stream';
import type { ErrorBody, PortalInfos, SheetResponse, UploadField } from '@passerelle/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EICAR, eicarSignature, startClamd } from '../../../test/clamd.ts';
import { pdfFile } from '../../../test/document-fixtures.ts';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import {
  admissibles,
  companies,
  companyUsers,
  dossierSteps,
  dossiers,
  fileBlobs,
  files,
  users,
} from '../../db/schema/index.ts';

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----passerelle-upload-guard';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real one-page PDF, `size` bytes long, with `body` inside (a polyglot when it holds EICAR). */
const pdf = (body = 'clean', size = 0) => pdfFile(body, size);
const infected = () => pdf(EICAR);

const clamd = await startClamd();
afterAll(async () => {
  await clamd.stop();
});

/** Every log line the app writes, parsed: the scanning events must be there, without names or bytes. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

describe('upload guard: antivirus and budgets on every upload route', async () => {
  const { app } = await createTestApp(
    {
      CLAMD_URL: clamd.url,
      UPLOAD_MAX_CVS: 2,
      UPLOAD_MAX_FILES_PER_PERSON: 3,
      UPLOAD_MAX_BYTES_PER_PERSON: 64 * 1024,
      UPLOAD_MAX_FILES_PER_DOSSIER: 1,
      UPLOAD_MAX_BYTES_PER_DOSSIER: 16 * 1024,
    },
    { logger: { level: 'warn', stream: logStream } },
  );
  const { app: appWithoutScanner } = await createTestApp({ CLAMD_URL: `${clamd.url}.absent` });
  const db = app.db;
  let seq = 0;

  async function createUser(userType: 'admissible' | 'company', target = app) {
    seq += 1;
    const [user] = await target.db
      .insert(users)
      .values({ email: `upload-${seq}@example.test`, userType, prenom: 'Test', nom: `User${seq}` })
      .returning();
    if (!user) throw new Error('user not created');
    if (userType === 'admissible') await target.db.insert(admissibles).values({ userId: user.id });
    const token = await accessTokenFor(target, { id: user.id, userType });
    return { id: user.id, headers: { authorization: `Bearer ${token}` } };
  }
  type Caller = Awaited<ReturnType<typeof createUser>>;

  /** A dossier whose employer has sent its first contact: the missions page, and its job description, are open. */
  async function missionsDossier(target = app) {
    const applicant = await createUser('admissible', target);
    const employer = await createUser('company', target);
    const [company] = await target.db.insert(companies).values({ name: 'Data Conseil', siret: null }).returning();
    if (!company) throw new Error('company not created');
    await target.db.insert(companyUsers).values({ companyId: company.id, userId: employer.id });
    const [dossier] = await target.db
      .insert(dossiers)
      .values({ admissibleUserId: applicant.id, companyId: company.id, dossierStatut: 3 })
      .returning();
    if (!dossier) throw new Error('dossier not created');
    await target.db.insert(dossierSteps).values([
      { dossierId: dossier.id, type: 'f1ca', status: 2 },
      { dossierId: dossier.id, type: 'f1ce', status: 2 },
    ]);
    return { id: dossier.id, employer };
  }

  const uploadDocument = (caller: Caller, field: UploadField, bytes: Buffer, target = app) =>
    target.inject({
      method: 'POST',
      url: '/api/admissibles/portal/upload',
      ...multipart([{ name: field, value: bytes, filename: `secret-name-${field}.pdf` }]),
      headers: { ...caller.headers, ...multipart([]).headers },
    });
  const uploadJobDescription = (caller: Caller, dossierId: number, bytes: Buffer, target = app) =>
    target.inject({
      method: 'POST',
      url: `/api/employeurs/modification-missions/${dossierId}/attachment`,
      ...multipart([{ name: 'file', value: bytes, filename: 'secret-name-fiche.pdf' }]),
      headers: { ...caller.headers, ...multipart([]).headers },
    });

  const filesOf = (ownerUserId: number) => db.select().from(files).where(eq(files.ownerUserId, ownerUserId));
  const blobCount = async () => (await db.select({ key: fileBlobs.key }).from(fileBlobs)).length;

  describe('antivirus', () => {
    it('refuses an infected file on each portal field with a per-field error, stores nothing and logs no name', async () => {
      for (const field of ['cv', 'cvec', 'attestationBac'] as const) {
        const applicant = await createUser('admissible');
        const blobs = await blobCount();
        const response = await uploadDocument(applicant, field, infected());
        expect(response.statusCode, field).toBe(400);
        expect(response.json<ErrorBody>()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: { [field]: ['file.malware_detected'] },
        });
        expect(await filesOf(applicant.id)).toEqual([]);
        expect(await blobCount()).toBe(blobs);
        const line = logLines.find(
          (entry) => entry['event'] === 'upload.malware_detected' && entry['userId'] === applicant.id,
        );
        expect(line).toMatchObject({ field, signature: `${eicarSignature}.UNOFFICIAL` });
      }
      const logged = JSON.stringify(logLines);
      expect(logged).not.toContain('secret-name');
      expect(logged).not.toContain('EICAR-STANDARD');
    });

    it('refuses an infected job description the same way', async () => {
      const { id, employer } = await missionsDossier();
      const response = await uploadJobDescription(employer, id, infected());
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors).toEqual({ file: ['file.malware_detected'] });
      expect(await filesOf(employer.id)).toEqual([]);
      expect(logLines).toContainEqual(
        expect.objectContaining({ event: 'upload.malware_detected', field: 'file', userId: employer.id }),
      );
    });

    it('stores clean files on every route', async () => {
      const applicant = await createUser('admissible');
      for (const field of ['cv', 'cvec', 'attestationBac'] as const)
        expect((await uploadDocument(applicant, field, pdf())).statusCode, field).toBe(200);
      expect((await filesOf(applicant.id)).map((file) => file.kind).sort()).toEqual(['attestationBac', 'cv', 'cvec']);
      const { id, employer } = await missionsDossier();
      const response = await uploadJobDescription(employer, id, pdf());
      expect(response.statusCode).toBe(200);
      expect(response.json<SheetResponse>().attachment).toMatchObject({ contentType: 'application/pdf' });
    });

    it('refuses with 503 when the configured scanner does not answer, and stores nothing', async () => {
      const applicant = await createUser('admissible', appWithoutScanner);
      const response = await uploadDocument(applicant, 'cv', pdf(), appWithoutScanner);
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        errors: { cv: ['file.scan_unavailable'] },
      });
      expect(await appWithoutScanner.db.select().from(files).where(eq(files.ownerUserId, applicant.id))).toEqual([]);

      const { id, employer } = await missionsDossier(appWithoutScanner);
      const attachment = await uploadJobDescription(employer, id, pdf(), appWithoutScanner);
      expect(attachment.statusCode).toBe(503);
      expect(attachment.json<ErrorBody>().errors).toEqual({ file: ['file.scan_unavailable'] });
    });
  });

  describe('budgets and replacement', () => {
    it('keeps one current CVEC certificate: a new one replaces the old, whose bytes go', async () => {
      const applicant = await createUser('admissible');
      expect((await uploadDocument(applicant, 'cvec', pdf('first'))).statusCode).toBe(200);
      const [first] = await filesOf(applicant.id);
      expect((await uploadDocument(applicant, 'cvec', pdf('second'))).statusCode).toBe(200);
      const kept = await filesOf(applicant.id);
      expect(kept).toHaveLength(1);
      expect(kept[0]?.id).not.toBe(first?.id);
      expect(
        await db
          .select()
          .from(fileBlobs)
          .where(eq(fileBlobs.key, first?.storageKey ?? '')),
      ).toEqual([]);
      const [row] = await db.select().from(admissibles).where(eq(admissibles.userId, applicant.id));
      expect(row?.cvecFileId).toBe(kept[0]?.id);
    });

    it('keeps the latest CVs up to UPLOAD_MAX_CVS, the oldest going', async () => {
      const applicant = await createUser('admissible');
      for (const n of [1, 2, 3]) expect((await uploadDocument(applicant, 'cv', pdf(`cv ${n}`))).statusCode).toBe(200);
      const cvs = await filesOf(applicant.id);
      expect(cvs).toHaveLength(2);
      const infos = await app.inject({
        method: 'GET',
        url: '/api/admissibles/portal/infos',
        headers: applicant.headers,
      });
      expect(infos.json<PortalInfos>().documents.cv).toHaveLength(2);
      const kept = await db
        .select({ key: fileBlobs.key })
        .from(fileBlobs)
        .where(
          inArray(
            fileBlobs.key,
            cvs.map((cv) => cv.storageKey),
          ),
        );
      expect(kept).toHaveLength(2);
    });

    it("refuses a file past the person's count with 409 and a per-field error, keeping what was there", async () => {
      const applicant = await createUser('admissible');
      for (const field of ['cv', 'cv', 'cvec'] as const)
        expect((await uploadDocument(applicant, field, pdf())).statusCode).toBe(200);
      const before = await filesOf(applicant.id);
      const blobs = await blobCount();
      const response = await uploadDocument(applicant, 'attestationBac', pdf());
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'LIMIT_REACHED',
        errors: { attestationBac: ['file.quota_person'] },
      });
      expect(await filesOf(applicant.id)).toEqual(before);
      expect(await blobCount()).toBe(blobs);
      // A replacement stays possible: the count does not grow.
      expect((await uploadDocument(applicant, 'cvec', pdf('again'))).statusCode).toBe(200);
    });

    it("refuses a file past the person's bytes", async () => {
      const applicant = await createUser('admissible');
      expect((await uploadDocument(applicant, 'cv', pdf('big', 40 * 1024))).statusCode).toBe(200);
      const response = await uploadDocument(applicant, 'cvec', pdf('big', 30 * 1024));
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().errors).toEqual({ cvec: ['file.quota_person'] });
      expect(await filesOf(applicant.id)).toHaveLength(1);
    });

    it("refuses a job description past the dossier's bytes, and replaces the current one within it", async () => {
      const { id, employer } = await missionsDossier();
      expect((await uploadJobDescription(employer, id, pdf('v1'))).statusCode).toBe(200);
      expect((await uploadJobDescription(employer, id, pdf('v2'))).statusCode).toBe(200);
      expect(await filesOf(employer.id)).toHaveLength(1);
      const response = await uploadJobDescription(employer, id, pdf('big', 20 * 1024));
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'LIMIT_REACHED',
        errors: { file: ['file.quota_dossier'] },
      });
      const kept = await filesOf(employer.id);
      expect(kept).toHaveLength(1);
      expect(kept[0]?.size).toBeLessThan(1024);
    });
  });
});
