import { randomUUID } from 'node:crypto';
import type { DossierStateResponse, SignatureResponse, UserType } from '@passerelle/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  contractReadyCase,
  createCaller,
  createFormation,
  withToken,
  type ContractReadyCase,
} from '../../../test/case-fixtures.ts';
import { createTestApp, startSecondProcess } from '../../../test/helper.ts';
import { claimQueuedJob } from '../../db/job-queue.ts';
import {
  auditLog,
  contractDocuments,
  fileBlobs,
  files,
  jobQueue,
  mailOutbox,
  signatureProcedures,
  users,
} from '../../db/schema/index.ts';
import { startQueueRunner } from '../jobs/jobs.worker.ts';
import { QUEUED_JOB_LEASE_SECONDS, runQueuedJobs } from '../jobs/queued-jobs.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import { revealSecret } from '../mail/mail-secret.ts';
import { listSignatureEvents } from '../signing/signing.service.ts';
import { SEAL_JOB } from './procedure.ts';

interface ErrorBody {
  code: string;
  errors?: Record<string, string[]>;
}

interface Caller {
  id: number;
  email: string;
  headers: Record<string, string>;
}

/**
 * Issue 27, "Crashes leave nothing half-done": the seal of a signed contract is a job queued with the last signature and
 * run by any API process (docs/decisions/0040-queued-jobs.md), and the case's state changes answer a request key once.
 * Two API processes on one database (on PostgreSQL each with its own connections; PGlite has one process).
 */
describe('crashes and double clicks leave nothing half-done or done twice', async () => {
  const context = await createTestApp();
  const { app } = context;
  const db = app.db;
  const other = await startSecondProcess(context);

  const { formationId } = await createFormation(app, 'CRASH');
  const staff: Caller = {
    ...(await createCaller(app, 'staff', 'crash-staff@cfa.test')),
    email: 'crash-staff@cfa.test',
  };
  let seq = 0;

  async function callerOf(email: string): Promise<Caller> {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return { ...(await withToken(app, user.id, user.userType as UserType)), email };
  }

  const post = (on: FastifyInstance, caller: Caller, path: string, payload?: object, key?: string) =>
    on.inject({
      method: 'POST',
      url: path,
      headers: { ...caller.headers, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = async (on: FastifyInstance, caller: Caller, path: string, payload?: object) => {
    const response = await post(on, caller, path, payload);
    if (response.statusCode !== 200) throw new Error(`POST ${path}: ${response.statusCode} ${response.body}`);
    return response;
  };

  async function readyCase(): Promise<ContractReadyCase> {
    seq += 1;
    return contractReadyCase(app, staff, formationId, `crash-${seq}`);
  }

  async function preparedCase(): Promise<ContractReadyCase & { signatory: Caller }> {
    const c = await readyCase();
    await ok(app, staff, `/api/staff/dossiers/${c.id}/contract-prepared`);
    return { ...c, signatory: await callerOf(c.signatoryEmail) };
  }

  const mailsTo = (email: string) =>
    db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));
  const keys = await loadDataKeys(db, app.config);
  /** The code of the last mail to `email`, as it leaves (the queue keeps it sealed: mail-secret.ts). */
  async function lastCode(email: string): Promise<string> {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = mail ? revealSecret(mail, keys).textBody.match(/^(\d{6})$/m)?.[1] : undefined;
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
  /** What a signer sends: the last code mailed to them, their consent and the document versions they are shown. */
  async function signBody(caller: Caller, id: number, email = caller.email) {
    const shown = await app.inject({ method: 'GET', url: `/api/signature/${id}`, headers: caller.headers });
    const documents = shown.json<SignatureResponse>().documents.map((doc) => ({ id: doc.id, sha256: doc.sha256 }));
    return { code: await lastCode(email), consent: true, documents };
  }
  /** Asks for a code on `on`, then signs with it there. */
  async function signOnline(on: FastifyInstance, caller: Caller, id: number) {
    await ok(on, caller, `/api/signature/${id}/code`);
    return post(on, caller, `/api/signature/${id}/sign`, await signBody(caller, id));
  }
  /** Every signer but the school has signed online: the school's signature is the last one. */
  async function awaitingSchool() {
    const c = await preparedCase();
    await ok(app, c.signatory, `/api/signature/${c.id}/method`, { method: 'online' });
    for (const signer of [c.signatory, c.applicant]) expect((await signOnline(app, signer, c.id)).statusCode).toBe(200);
    return c;
  }

  const proceduresOf = (id: number) =>
    db
      .select()
      .from(signatureProcedures)
      .where(eq(signatureProcedures.dossierId, id))
      .orderBy(asc(signatureProcedures.createdAt));
  const sealJobOf = async (procedureId: string) =>
    (
      await db
        .select()
        .from(jobQueue)
        .where(and(eq(jobQueue.kind, SEAL_JOB), eq(jobQueue.key, procedureId)))
    )[0];
  const sealedFiles = (id: number) =>
    db
      .select()
      .from(files)
      .where(eq(files.filename, `contrat-signe-dossier-${id}.pdf`));
  const completedEvents = async (id: number) =>
    (await listSignatureEvents(db, id)).filter((event) => event.type === 'procedure.completed');
  const signedMails = async (email: string) =>
    (await mailsTo(email)).filter((m) => m.subject.startsWith('Contrat signé'));
  /** Bytes stored that no file row names: what a request that gave up should have discarded. */
  const orphanBlobs = async () =>
    (
      await db
        .select({ key: fileBlobs.key })
        .from(fileBlobs)
        .where(sql`${fileBlobs.key} not in (select storage_key from files)`)
    ).length;

  /** The seal happened once: one sealed file, one completion in the evidence, one mail per party. */
  async function expectSealedOnce(c: ContractReadyCase) {
    const [procedure] = await proceduresOf(c.id);
    expect(procedure?.state).toBe('completed');
    expect(await sealedFiles(c.id)).toHaveLength(1);
    expect((await sealedFiles(c.id))[0]?.id).toBe(procedure?.resultFileId);
    expect(await completedEvents(c.id)).toHaveLength(1);
    for (const email of [c.applicant.email, c.signatoryEmail, c.employer.email])
      expect(await signedMails(email)).toHaveLength(1);
  }

  describe('the seal, a job queued with the last signature', () => {
    it('is done within seconds by another process when the one that took the last signature dies after its commit', async () => {
      const c = await awaitingSchool();
      // The other process runs its queue runner, polling every QUEUE_POLL_INTERVAL_MS; this one runs none: nothing of it
      // runs after the commit of the last signature, as if it were killed then.
      const runner = startQueueRunner(other);
      let sealedAfterMs = Number.NaN;
      try {
        await ok(app, staff, `/api/signature/${c.id}/code`);
        const body = await signBody(staff, c.id);
        const asked = performance.now();
        const last = await post(app, staff, `/api/signature/${c.id}/sign`, body);
        const started = performance.now();
        console.info(`the last signature answered in ${Math.round(started - asked)} ms`);
        expect(last.statusCode).toBe(200);
        // The answer is the state as committed: signed, the sealed contract not there yet (sealing is not the request's).
        expect(last.json<SignatureResponse>()).toMatchObject({ state: 'signed', signedDocumentUrl: null });
        await vi.waitFor(async () => expect((await proceduresOf(c.id))[0]?.resultFileId).toBeTruthy(), {
          timeout: 20_000,
          interval: 50,
        });
        sealedAfterMs = performance.now() - started;
      } finally {
        await runner.stop();
      }
      console.info(`seal done by the other process ${Math.round(sealedAfterMs)} ms after the last signature's answer`);
      // Within seconds; most of it is the process's first seal (the PDF code, the fonts, the seal certificate loaded).
      expect(sealedAfterMs).toBeLessThan(20_000);
      const [procedure] = await proceduresOf(c.id);
      // Taken once, by the other process's runner.
      const job = await sealJobOf(procedure?.id ?? '');
      expect(job).toMatchObject({ state: 'done', attempts: 1, lockedBy: runner.name });
      // Its times, by the database's clock: queued (the signature's transaction), taken, done.
      const takenAt = job?.startedAt?.getTime() ?? 0;
      const takenAfterMs = takenAt - (job?.createdAt.getTime() ?? 0);
      console.info(
        `seal job taken ${takenAfterMs} ms after it was queued, sealed in ${(job?.finishedAt?.getTime() ?? 0) - takenAt} ms`,
      );
      // Taken at the other process's next poll (QUEUE_POLL_INTERVAL_MS), not at the hourly sweep.
      expect(takenAfterMs).toBeLessThan(app.config.QUEUE_POLL_INTERVAL_MS + 3_000);
      await expectSealedOnce(c);
      const view = await app.inject({ method: 'GET', url: `/api/signature/${c.id}`, headers: staff.headers });
      expect(view.json<SignatureResponse>().signedDocumentUrl).toBe(`/api/files/${procedure?.resultFileId}`);
    });

    it('runs once when both processes take jobs at the same time, and again elsewhere once a dead holder’s lease is over', async () => {
      const first = await awaitingSchool();
      expect((await signOnline(app, staff, first.id)).statusCode).toBe(200);
      const runs = await Promise.all([
        runQueuedJobs(app, { runner: 'process-a' }),
        runQueuedJobs(other, { runner: 'process-b' }),
        runQueuedJobs(other, { runner: 'process-c' }),
      ]);
      expect(runs.flat()).toEqual([expect.objectContaining({ kind: SEAL_JOB, ok: true })]);
      await expectSealedOnce(first);

      // A process takes the next seal and dies before doing it: the job waits for its lease, then another takes it.
      const second = await awaitingSchool();
      expect((await signOnline(app, staff, second.id)).statusCode).toBe(200);
      const taken = await claimQueuedJob(app.db, [SEAL_JOB], QUEUED_JOB_LEASE_SECONDS, 'process-that-dies');
      expect(taken?.key).toBe((await proceduresOf(second.id))[0]?.id);
      expect(await runQueuedJobs(other, { runner: 'process-b' })).toEqual([]);
      expect((await proceduresOf(second.id))[0]?.resultFileId).toBeNull();
      const leaseMs = (taken?.lockedUntil?.getTime() ?? 0) - Date.now();
      expect(leaseMs).toBeLessThanOrEqual(QUEUED_JOB_LEASE_SECONDS * 1000);
      // The lease is over (moved in the database, never slept on).
      await db
        .update(jobQueue)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobQueue.id, taken?.id ?? 0));
      expect(await runQueuedJobs(other, { runner: 'process-b' })).toEqual([
        { id: taken?.id, kind: SEAL_JOB, ok: true },
      ]);
      expect(await sealJobOf(taken?.key ?? '')).toMatchObject({ state: 'done', attempts: 2, lockedBy: 'process-b' });
      await expectSealedOnce(second);
    });
  });

  describe('a state change sent twice with one Idempotency-Key', () => {
    const prepare = (on: FastifyInstance, caller: Caller, id: number, key?: string, payload?: object) =>
      post(on, caller, `/api/staff/dossiers/${id}/contract-prepared`, payload, key);
    const turnMails = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.includes('à signer'));

    it('prepares the contract once for two requests at the same time on two processes: one procedure, one mail, one answer', async () => {
      const c = await readyCase();
      const orphansBefore = await orphanBlobs();
      const key = randomUUID();
      const [a, b] = await Promise.all([prepare(app, staff, c.id, key), prepare(other, staff, c.id, key)]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.body).toBe(a.body);
      expect(a.json<DossierStateResponse>().id).toBe(c.id);
      expect(await proceduresOf(c.id)).toHaveLength(1);
      expect(await turnMails(c.signatoryEmail)).toHaveLength(1);
      // One version of each document; the documents the second request drew were discarded.
      const versions = await db.select().from(contractDocuments).where(eq(contractDocuments.dossierId, c.id));
      expect(versions.every((doc) => doc.version === 1)).toBe(true);
      expect(await orphanBlobs()).toBe(orphansBefore);
      const prepared = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'contract.prepared')));
      expect(prepared).toHaveLength(1);

      // The same request later (a retry after a lost answer): the same answer, nothing done.
      const again = await prepare(app, staff, c.id, key);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(a.body);
      expect(await proceduresOf(c.id)).toHaveLength(1);
      expect(await turnMails(c.signatoryEmail)).toHaveLength(1);
    });

    it('answers a key to its user and route only: elsewhere the same key is another request, and never reads the first answer', async () => {
      const c = await readyCase();
      const d = await readyCase();
      const key = randomUUID();
      expect((await prepare(app, staff, c.id, key)).statusCode).toBe(200);

      // Another staff member with the same key: their own request, not handed the stored answer: the contract is
      // prepared already, which the first preparation refuses (issue 29).
      const colleague: Caller = {
        ...(await createCaller(app, 'staff', 'crash-colleague@cfa.test')),
        email: 'crash-colleague@cfa.test',
      };
      const colleagues = await prepare(other, colleague, c.id, key);
      expect(colleagues.statusCode).toBe(409);
      expect(colleagues.json<ErrorBody>().code).toBe('CONTRACT_ALREADY_PREPARED');
      expect((await proceduresOf(c.id)).map((p) => p.state)).toEqual(['pending']);
      // The applicant with the same key: refused as ever, not handed the stored answer.
      const refused = await prepare(app, c.applicant, c.id, key);
      expect(refused.statusCode).toBe(403);
      // The same user and key on another case: that case's own preparation and answer.
      const elsewhere = await prepare(app, staff, d.id, key);
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.json<DossierStateResponse>().id).toBe(d.id);
      expect(await proceduresOf(d.id)).toHaveLength(1);
      // The same key on the same route with another body: refused, neither answered nor done.
      const otherBody = await prepare(app, staff, c.id, key, { override: true, reason: 'Autre demande' });
      expect(otherBody.statusCode).toBe(409);
      expect(otherBody.json<ErrorBody>()).toMatchObject({
        code: 'CONFLICT',
        errors: { 'Idempotency-Key': ['value.invalid'] },
      });
      expect(await proceduresOf(c.id)).toHaveLength(1);
      // A key that is not a UUID: a 400 under the header, nothing done.
      const malformed = await prepare(app, staff, d.id, 'double-click-1');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ErrorBody>().errors).toEqual({ 'Idempotency-Key': ['value.format'] });
      expect(await proceduresOf(d.id)).toHaveLength(1);
    });

    it('sends one code and takes one signature for double clicks: the same answers, the next signer mailed once', async () => {
      const c = await preparedCase();
      await ok(app, c.signatory, `/api/signature/${c.id}/method`, { method: 'online' });
      const codeKey = randomUUID();
      const codes = await Promise.all([
        post(app, c.signatory, `/api/signature/${c.id}/code`, undefined, codeKey),
        post(other, c.signatory, `/api/signature/${c.id}/code`, undefined, codeKey),
      ]);
      expect(codes.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(codes[1]?.body).toBe(codes[0]?.body);
      // One code mailed: a second one would have voided the first, which the signer may be typing.
      expect((await mailsTo(c.signatoryEmail)).filter((m) => m.sealedSecret !== null)).toHaveLength(1);

      const signKey = randomUUID();
      const body = await signBody(c.signatory, c.id, c.signatoryEmail);
      const signs = await Promise.all([
        post(app, c.signatory, `/api/signature/${c.id}/sign`, body, signKey),
        post(other, c.signatory, `/api/signature/${c.id}/sign`, body, signKey),
      ]);
      expect(signs.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(signs[1]?.body).toBe(signs[0]?.body);
      expect(signs[0]?.json<SignatureResponse>().signers[0]).toMatchObject({ role: 'employer', status: 'signed' });
      const signed = (await listSignatureEvents(db, c.id)).filter((event) => event.type === 'signer.signed');
      expect(signed).toHaveLength(1);
      expect(await turnMails(c.applicant.email)).toHaveLength(1);
    });

    it('refuses once for a double-clicked refusal, and archives once for a double-clicked case action', async () => {
      const c = await preparedCase();
      const key = randomUUID();
      const refusals = await Promise.all([
        post(app, c.signatory, `/api/signature/${c.id}/refuse`, { reason: 'Salaire faux' }, key),
        post(other, c.signatory, `/api/signature/${c.id}/refuse`, { reason: 'Salaire faux' }, key),
      ]);
      expect(refusals.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(refusals[1]?.body).toBe(refusals[0]?.body);
      const mails = (await mailsTo(app.config.CFA_CONTACT_EMAIL)).filter((m) =>
        m.subject.includes(`dossier n° ${c.id} `),
      );
      expect(mails).toHaveLength(1);

      const archiveKey = randomUUID();
      const archives = await Promise.all([
        post(app, staff, `/api/staff/dossiers/${c.id}/archive`, { reason: 'Doublon' }, archiveKey),
        post(other, staff, `/api/staff/dossiers/${c.id}/archive`, { reason: 'Doublon' }, archiveKey),
      ]);
      expect(archives.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(archives[1]?.body).toBe(archives[0]?.body);
      const archived = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'dossier.archived')));
      expect(archived).toHaveLength(1);
    });
  });
});
