import type { AddressInfo } from 'node:net';
import type { ErrorBody, SignatureResponse, StaffDossierDetailResponse } from '@passerelle/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { caseFixtures, fraBody, postOk, sendInformationSheet, withToken } from '../../../test/case-fixtures.ts';
import { pdfFile } from '../../../test/document-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import { cyclicPageTree, manyPages, objectStreamBomb } from '../../../test/hostile-pdfs.ts';
import { dossiers, files, mailOutbox, signatureProcedures, signatureSigners, users } from '../../db/schema/index.ts';
import { runQueuedJobs } from '../jobs/queued-jobs.ts';
import { verifyChain } from '../signing/signing.service.ts';
import { signatureFlowDeps } from './procedure.ts';
import { runSignatureSweep } from './reminders.ts';

/**
 * Issue 27, "A hostile PDF harms nothing": the three files of the issue, made here byte by byte (test/hostile-pdfs.ts),
 * sent to the real server. At upload each is refused under its field; one stored before uploads were read so (its
 * bytes put in the store behind a scan's row) fails its own case at sealing, with a message to staff, and the sweep
 * seals the other cases. Meanwhile /api/health, asked over HTTP one call after another, answers within a second.
 */

const hostile = [
  { name: 'object-stream bomb (3 MB, 3 GB inflated)', bytes: objectStreamBomb(), reason: 'too_complex' },
  { name: 'cyclic page tree', bytes: cyclicPageTree(), reason: 'damaged' },
  { name: '100 000 pages', bytes: manyPages(), reason: 'too_complex' },
] as const;

/** What the report gives of each hostile file's handling. */
const figures: string[] = [];
afterAll(() => console.info(`hostile PDFs — ${figures.join('; ')}`));

describe('hostile PDFs', async () => {
  const { app } = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const health = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`;
  const db = app.db;
  const { staff, toFirstContactReview, toInformationSheet } = await caseFixtures(app);
  // The seal's certificate and code load once per process, on the first seal (made or read, then @libpdf/core and
  // @peculiar/x509 imported: up to a second of the main thread, as before issue 27). Done here, so that what the tests
  // measure is the handling of the hostile files.
  await (await signatureFlowDeps(app)).seal.get();

  /**
   * Runs `work` while /api/health is asked, a call 50 ms after the last answered (a monitor's pace, that leaves the
   * machine's two cores to the work): the slowest answer, how many calls ended while the work ran, and the process's
   * largest resident memory seen (the workers are threads of it).
   */
  async function whileHealthAnswers<T>(work: () => Promise<T>) {
    const startRss = process.memoryUsage().rss;
    let done = false;
    const started = performance.now();
    const running = work().finally(() => {
      done = true;
    });
    let slowestMs = 0;
    let calls = 0;
    let peakRss = startRss;
    while (!done) {
      const asked = performance.now();
      const response = await fetch(health);
      expect(response.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - asked);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result = await running;
    const tookMs = performance.now() - started;
    return { result, slowestMs, calls, tookMs, extraMb: Math.round((peakRss - startRss) / 2 ** 20) };
  }

  function expectHealthy(measure: { slowestMs: number; calls: number }) {
    expect(measure.calls).toBeGreaterThan(0);
    expect(measure.slowestMs).toBeLessThan(1000);
  }

  function multipart(field: string, bytes: Uint8Array, filename: string) {
    const boundary = '----passerelle-hostile-pdf';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  const post = (caller: { headers: Record<string, string> }, url: string, field: string, bytes: Uint8Array) => {
    const form = multipart(field, bytes, 'document.pdf');
    return app.inject({ method: 'POST', url, headers: { ...caller.headers, ...form.headers }, payload: form.payload });
  };

  /** A case whose contract is prepared and signed on paper: the employer's signatory's turn to send a scan. */
  async function manualCase() {
    const actors = await toInformationSheet();
    await sendInformationSheet(app, actors, { fra: fraBody() });
    await postOk(app, staff, `/api/staff/dossiers/${actors.id}/contract-prepared`);
    const [signatory] = await db.select().from(users).where(eq(users.email, 'petit@data-conseil.test'));
    if (!signatory) throw new Error('no signatory');
    const employer = await withToken(app, signatory.id, 'company');
    await postOk(app, employer, `/api/signature/${actors.id}/method`, { method: 'manual' });
    return { id: actors.id, signatory: employer, applicant: actors.applicant };
  }

  type ManualCase = Awaited<ReturnType<typeof manualCase>>;

  async function sendAndConfirm(c: ManualCase, role: 'employer' | 'apprentice' | 'school') {
    const caller = role === 'employer' ? c.signatory : role === 'apprentice' ? c.applicant : staff;
    const sent = await post(caller, `/api/signature/${c.id}/upload`, 'file', pdfFile(`signe : ${role}`));
    expect(sent.statusCode, sent.body).toBe(200);
    return app.inject({
      method: 'POST',
      url: `/api/staff/dossiers/${c.id}/manual-signature`,
      headers: staff.headers,
      payload: { decision: 'confirmed', role },
    });
  }

  /** The employer's scan of the case's procedure, its bytes replaced as if stored before uploads were read within bounds. */
  async function replaceEmployerScan(c: ManualCase, bytes: Uint8Array) {
    const [scan] = await db
      .select({ storageKey: files.storageKey })
      .from(signatureSigners)
      .innerJoin(signatureProcedures, eq(signatureProcedures.id, signatureSigners.procedureId))
      .innerJoin(files, eq(files.id, signatureSigners.scanFileId))
      .where(and(eq(signatureProcedures.dossierId, c.id), eq(signatureSigners.role, 'employer')))
      .orderBy(desc(signatureProcedures.createdAt));
    if (!scan) throw new Error('no scan');
    await app.storage.put(scan.storageKey, bytes);
  }

  const staffView = async (id: number) =>
    (
      await app.inject({ method: 'GET', url: `/api/staff/dossiers/${id}`, headers: staff.headers })
    ).json<StaffDossierDetailResponse>();
  const cerfaOf = async (id: number) =>
    (await db.select().from(dossiers).where(eq(dossiers.id, id)))[0]?.cerfaFileId ?? null;
  const sealMails = (id: number) =>
    db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, app.config.CFA_CONTACT_EMAIL),
          sql`${mailOutbox.subject} like ${`Contrat non scellé — dossier n° ${id} %`}`,
        ),
      );
  const filesOf = async (ownerUserId: number) =>
    (await db.select().from(files).where(eq(files.ownerUserId, ownerUserId))).length;

  describe('at upload', () => {
    it(
      'refuses each on every route that takes a PDF, under its field, stores nothing, and health answers within 1 s',
      { timeout: 180_000 },
      async () => {
        const scanCase = await manualCase();
        const applicant = (await toFirstContactReview()).applicant;
        const missions = await toFirstContactReview();
        const routes = [
          {
            route: 'signed scan',
            caller: scanCase.signatory,
            url: `/api/signature/${scanCase.id}/upload`,
            field: 'file',
          },
          { route: 'CV', caller: applicant, url: '/api/admissibles/portal/upload', field: 'cv' },
          { route: 'CVEC', caller: applicant, url: '/api/admissibles/portal/upload', field: 'cvec' },
          { route: 'bac', caller: applicant, url: '/api/admissibles/portal/upload', field: 'attestationBac' },
          {
            route: 'job description',
            caller: missions.employer,
            url: `/api/employeurs/modification-missions/${missions.id}/attachment`,
            field: 'file',
            maxBytes: 5 * 1024 * 1024,
          },
          { route: 'public file', caller: staff, url: '/api/staff/content/public-files', field: 'file' },
        ];
        for (const file of hostile) {
          for (const { route, caller, url, field, maxBytes } of routes) {
            // The job description takes 5 MB at most: the 100 000 pages (8 MB) are refused as too large first.
            if (maxBytes !== undefined && file.bytes.byteLength > maxBytes) continue;
            const before = await filesOf(caller.id);
            const measure = await whileHealthAnswers(() => post(caller, url, field, file.bytes));
            const response = measure.result;
            expect(response.statusCode, `${file.name} on ${route}: ${response.body}`).toBe(400);
            expect(response.json<ErrorBody>()).toMatchObject({
              code: 'VALIDATION_FAILED',
              errors: { [field]: [`file.pdf_${file.reason}`] },
            });
            expect(await filesOf(caller.id)).toBe(before);
            expectHealthy(measure);
            if (route === 'signed scan')
              figures.push(
                `${file.name}: refused in ${Math.round(measure.tookMs)} ms, +${measure.extraMb} MB, health ≤ ${Math.round(measure.slowestMs)} ms (${measure.calls} calls)`,
              );
          }
        }
        // The signer's turn is still open: a real scan is taken.
        expect(
          (await post(scanCase.signatory, `/api/signature/${scanCase.id}/upload`, 'file', pdfFile('signe'))).statusCode,
        ).toBe(200);
      },
    );
  });

  describe('stored before uploads were read within bounds', () => {
    for (const file of hostile)
      it(
        `${file.name}: the last confirmation seals nothing, answers 200, and tells staff why`,
        { timeout: 120_000 },
        async () => {
          const c = await manualCase();
          expect((await sendAndConfirm(c, 'employer')).statusCode).toBe(200);
          await replaceEmployerScan(c, file.bytes);
          expect((await sendAndConfirm(c, 'apprentice')).statusCode).toBe(200);

          // The last confirmation queues the seal; the queue's job (any process's, here this one's) seals or refuses it.
          const measure = await whileHealthAnswers(async () => {
            const confirmed = await sendAndConfirm(c, 'school');
            await runQueuedJobs(app, { runner: 'hostile-pdfs-test' });
            return confirmed;
          });
          expect(measure.result.statusCode, measure.result.body).toBe(200);
          expect(measure.result.json<SignatureResponse>()).toMatchObject({ state: 'signed', signedDocumentUrl: null });
          expectHealthy(measure);
          figures.push(
            `${file.name} at confirmation: ${Math.round(measure.tookMs)} ms, health ≤ ${Math.round(measure.slowestMs)} ms`,
          );

          expect(await cerfaOf(c.id)).toBeNull();
          const signature = (await staffView(c.id)).signature;
          expect(signature?.sealFailure).toMatchObject({ reason: file.reason, role: 'employer' });
          expect(signature?.signedDocumentUrl).toBeNull();
          const mails = await sealMails(c.id);
          expect(mails).toHaveLength(1);
          expect(mails[0]?.textBody).toContain("le scan déposé pour le signataire de l'employeur a été refusé");
          expect(mails[0]?.textBody).toContain(`${app.config.publicUrl}/gestion/dossiers/${c.id}`);
          expect((await verifyChain(db, c.id)).ok).toBe(true);
        },
      );

    it(
      'the sweep seals the other cases, counts each hostile one failed once, and health answers within 1 s',
      { timeout: 300_000 },
      async () => {
        // Every case signed, its seal queued and no process running the queue: all are left signed and not sealed, for the
        // sweep, as after a crash of every process.
        const cases: { c: ManualCase; file: (typeof hostile)[number] | undefined }[] = [];
        for (const file of [hostile[0], undefined, hostile[1], undefined, hostile[2]]) {
          const c = await manualCase();
          expect((await sendAndConfirm(c, 'employer')).statusCode).toBe(200);
          expect((await sendAndConfirm(c, 'apprentice')).statusCode).toBe(200);
          expect((await sendAndConfirm(c, 'school')).statusCode).toBe(200);
          if (file) await replaceEmployerScan(c, file.bytes);
          cases.push({ c, file });
        }
        for (const { c } of cases) expect(await cerfaOf(c.id)).toBeNull();

        const deps = await signatureFlowDeps(app);
        const measure = await whileHealthAnswers(() => runSignatureSweep(deps));
        expect(measure.result).toMatchObject({ finalized: 2, failed: 3 });
        expectHealthy(measure);
        figures.push(
          `sweep of 3 hostile and 2 real cases: ${Math.round(measure.tookMs)} ms, health ≤ ${Math.round(measure.slowestMs)} ms`,
        );

        for (const { c, file } of cases) {
          const signature = (await staffView(c.id)).signature;
          if (file) {
            expect(await cerfaOf(c.id)).toBeNull();
            expect(signature?.sealFailure).toMatchObject({ reason: file.reason, role: 'employer' });
            expect(await sealMails(c.id)).toHaveLength(1);
          } else {
            expect(await cerfaOf(c.id)).not.toBeNull();
            expect(signature?.sealFailure).toBeNull();
            expect(signature?.signedDocumentUrl).toMatch(/^\/api\/files\//);
          }
        }
        // The refused ones are left to staff: the next sweep does not read them again.
        expect(await runSignatureSweep(deps)).toMatchObject({ finalized: 0, failed: 0 });
      },
    );
  });
});
