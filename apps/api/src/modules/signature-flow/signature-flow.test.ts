import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Dossier, SignatureResponse, StaffDossierDetailResponse, UserType } from '@passerelle/contract';
import { and, asc, desc, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createFormation,
  f1caBody,
  f1ceBody,
  fraBody,
  freBody,
  fundingTerms,
  NIR,
  withToken as signedIn,
} from '../../../test/case-fixtures.ts';
import { failCommitsMailing as failCommitsMailingOn } from '../../../test/failing-commits.ts';
import { createTestApp } from '../../../test/helper.ts';
import {
  admissibles,
  auditLog,
  contractDocuments,
  dossierSteps,
  dossiers,
  jobQueue,
  mailOutbox,
  rateLimits,
  sheets,
  signatureProcedures,
  signatureSigners,
  users,
} from '../../db/schema/index.ts';
import { runQueuedJobs } from '../jobs/queued-jobs.ts';
import { drainMailOutbox } from '../mail/mail.service.ts';
import { startTestSmtpServer } from '../mail/test-smtp-server.ts';
import { listSignatureEvents, verifyChain } from '../signing/signing.service.ts';
import { CONSENT, signatureFlowDeps } from './procedure.ts';
import { runSignatureSweep } from './reminders.ts';

const run = promisify(execFile);
const work = await mkdtemp(join(tmpdir(), 'passerelle-signature-flow-'));
afterAll(() => rm(work, { recursive: true, force: true }));

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

/**
 * Issue 11, "Signing": a case brought through the API to its contract prepared, then signed in turn by the employer's
 * signatory, the applicant (and a minor's legal representative) and the school, online or on paper; the mails read
 * from the outbox, the sealed result checked with poppler's pdfsig, the evidence chain verified.
 */
describe('signature flow API', async () => {
  // A real SMTP conversation: the codes are read from the mails received, as a signer reads them.
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Passerelle <no-reply@passerelle.test>' });
  const db = app.db;
  let seq = 0;

  interface Caller {
    id: number;
    email: string;
    headers: { authorization: string };
  }

  async function withToken(id: number, email: string, userType: UserType): Promise<Caller> {
    return { ...(await signedIn(app, id, userType)), email };
  }

  async function createUser(userType: UserType): Promise<Caller> {
    seq += 1;
    const email = `flow-${seq}@example.test`;
    const [user] = await db.insert(users).values({ email, userType, prenom: 'Test', nom: `User${seq}` }).returning();
    if (!user) throw new Error('user not created');
    return withToken(user.id, email, userType);
  }

  async function callerOf(email: string): Promise<Caller> {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return withToken(user.id, email, user.userType as UserType);
  }

  const call = (caller: Caller | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      ...(caller ? { headers: { ...caller.headers, 'user-agent': 'vitest-browser/1.0' } } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  const ok = async (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await call(caller, method, url, payload);
    if (response.statusCode !== 200 && response.statusCode !== 201)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  const { formationId } = await createFormation(app, 'FLOW');
  const staff = await createUser('staff');
  const stranger = await createUser('admissible');

  interface Case {
    id: number;
    applicant: Caller;
    contact: Caller;
    signatoryEmail: string;
    representativeEmail: string | null;
  }

  /** Both parts of the information sheet sent (status 7, cfa 2). */
  async function readyCase({ nir = true, minor = false } = {}): Promise<Case> {
    const applicant = await createUser('admissible');
    await db.insert(admissibles).values({ userId: applicant.id, formationId, contractType: 'APP' });
    const id = (await ok(applicant, 'POST', '/api/admissibles/dossiers')).json<{ id: number }>().id;
    seq += 1;
    const contactEmail = `contact-${seq}@data-conseil.test`;
    const signatoryEmail = `signataire-${seq}@data-conseil.test`;
    const representativeEmail = minor ? `parent-${seq}@example.test` : null;
    const apprenti = { dateNaissance: minor ? '2009-05-10' : '2004-05-10', courriel: applicant.email };
    const nirGiven = nir ? (minor ? '109057512345614' : NIR) : null;
    await ok(
      applicant,
      'POST',
      `/api/admissibles/fiche-premier-contact/${id}/submit`,
      f1caBody(contactEmail, { nir: nirGiven, apprenti }),
    );
    const contact = await callerOf(contactEmail);
    const signataire = { ...f1ceBody.contacts.signataire, courriel: signatoryEmail };
    const f1ce = { ...f1ceBody, contacts: { signataire } };
    await ok(contact, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ce);
    await ok(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, { decision: 'accept' });
    await ok(staff, 'POST', `/api/staff/dossiers/${id}/modalites`, fundingTerms);
    await ok(contact, 'POST', `/api/employeurs/validation-financement/${id}`, { decision: 'accepted' });
    const fre = freBody({
      f1ce,
      employeur: { codeApe: '62.02A' },
      maitre1: { diplome: "Diplôme d'ingénieur" },
      opco: { numeroAdherent: 'AT-4521' },
      contacts: { signataire: { ...signataire } },
      responsabilites: { isSchoolResponsibleSubrogation: false },
    });
    await ok(contact, 'POST', `/api/employeurs/fiche-renseignement/${id}/send`, fre);
    const fra = fraBody({
      nir: nirGiven,
      apprenti: { ...apprenti, rqth: false, sportifHautNiveau: false },
      extra: minor
        ? { representantLegal: { nom: 'Martin', prenom: 'Paul', courriel: representativeEmail, memeAdresse: true } }
        : {},
    });
    await ok(applicant, 'POST', `/api/admissibles/fiche-renseignement/${id}/send`, fra);
    return { id, applicant, contact, signatoryEmail, representativeEmail };
  }

  const timings: Record<string, number[]> = { prepare: [], finalSign: [] };

  async function preparedCase(options: { minor?: boolean } = {}): Promise<Case & { signatory: Caller }> {
    const c = await readyCase(options);
    const started = performance.now();
    await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
    timings['prepare']?.push(performance.now() - started);
    return { ...c, signatory: await callerOf(c.signatoryEmail) };
  }

  const signature = async (caller: Caller, id: number) => (await ok(caller, 'GET', `/api/signature/${id}`)).json<SignatureResponse>();
  /** A queue runner's pass: the seals queued with the last signatures (a process's runner does it within seconds). */
  const sealQueued = () => runQueuedJobs(app, { runner: 'signature-flow-test' });

  async function mailsTo(email: string) {
    return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));
  }
  /**
   * The latest code mailed to `email`, as the signer reads it: the outbox sent over SMTP to the test server (the queue
   * holds the code encrypted only, issue 27).
   */
  async function lastCode(email: string): Promise<string> {
    const [queued] = await db
      .select({ messageId: mailOutbox.messageId })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.textBody, '%[[passerelle:secret]]%')))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    await drainMailOutbox(app);
    const received = smtp.messages.find((m) => m.envelopeTo.includes(email) && m.parsed.messageId === queued?.messageId);
    const code = received?.parsed.text?.match(/^(\d{6})$/m)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
  const linkPath = (text: string) => {
    const match = text.match(/https?:\/\/\S+\?\S*t=[\w-]+\S*/);
    if (!match) throw new Error('no personal link');
    return new URL(match[0]).pathname;
  };

  /** The document versions as GET /signature/:id shows them to this signer: what a signature names (issue 27). */
  const shownTo = async (caller: Caller, id: number) =>
    (await signature(caller, id)).documents.map((doc) => ({ id: doc.id, sha256: doc.sha256 }));

  /** POST /sign, naming the versions the signer is shown unless the body names others. */
  async function trySign(caller: Caller, id: number, body: { code: string; consent: boolean; consentLang?: string; documents?: object[] }) {
    return call(caller, 'POST', `/api/signature/${id}/sign`, { documents: await shownTo(caller, id), ...body });
  }

  async function signOnline(caller: Caller, id: number, codeTo = caller.email) {
    await ok(caller, 'POST', `/api/signature/${id}/code`);
    return trySign(caller, id, { code: await lastCode(codeTo), consent: true });
  }

  async function stepsOf(id: number) {
    const rows = await db.select().from(dossierSteps).where(eq(dossierSteps.dossierId, id));
    return Object.fromEntries(rows.map((row) => [row.type, row.status]));
  }
  async function dossierOf(id: number) {
    const [row] = await db.select().from(dossiers).where(eq(dossiers.id, id));
    if (!row) throw new Error('no dossier');
    return row;
  }

  async function pdftotext(bytes: Uint8Array): Promise<string> {
    seq += 1;
    const path = join(work, `text-${seq}.pdf`);
    await writeFile(path, bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
    return stdout;
  }

  const failCommitsMailing = (subject: string) => failCommitsMailingOn(db, subject);

  async function pdfsig(bytes: Uint8Array): Promise<string> {
    seq += 1;
    const path = join(work, `signed-${seq}.pdf`);
    await writeFile(path, bytes);
    const { stdout } = await run('pdfsig', [path]);
    return stdout;
  }

  async function aPdf(text: string): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    doc.addPage().drawText(text);
    return doc.save();
  }

  function multipart(name: string, bytes: Uint8Array, filename: string) {
    const boundary = `----flow${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (caller: Caller, id: number, bytes: Uint8Array, filename = 'contrat-signe.pdf') => {
    const form = multipart('file', bytes, filename);
    return app.inject({
      method: 'POST',
      url: `/api/signature/${id}/upload`,
      headers: { ...caller.headers, ...form.headers },
      payload: form.payload,
    });
  };

  describe('preparing the contract', () => {
    it('refuses a case without NIR, even with an override', async () => {
      const c = await readyCase({ nir: false });
      const refused = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>()).toMatchObject({ code: 'CONTRACT_INCOMPLETE' });
      expect(refused.json<ErrorBody>().errors).toHaveProperty(['apprenti.nir']);
      const overridden = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`, {
        override: true,
        reason: 'urgent',
      });
      expect(overridden.statusCode).toBe(409);
      expect((await stepsOf(c.id))['cfa']).toBe(2);
    });

    it('refuses missing information unless staff override it with a reason, kept in the audit', async () => {
      const c = await readyCase();
      // The applicant part back to a draft in the table only: the annex lists it, the steps still allow preparing.
      await db.update(sheets).set({ status: 'draft', submittedAt: null }).where(and(eq(sheets.dossierId, c.id), eq(sheets.kind, 'fra')));
      const refused = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>().errors).toHaveProperty(['sheets.fra']);
      const noReason = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`, { override: true });
      expect(noReason.statusCode).toBe(400);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`, { override: true, reason: 'Fiche vue au téléphone' });
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'contract.prepared')));
      expect(entry?.details).toMatchObject({ override: { reason: 'Fiche vue au téléphone', missing: ['sheets.fra'] } });
    });

    it('opens the procedure: the signatory (given an account) is mailed a personal link, the only company person', async () => {
      const c = await preparedCase();
      expect(await stepsOf(c.id)).toMatchObject({ cfa: 3, signature_employeur: 1, signature_admissible: 1, signature_ecole: 1 });
      const [mail] = await mailsTo(c.signatoryEmail);
      expect(mail?.subject).toContain('à signer');
      expect(linkPath(mail?.textBody ?? '')).toBe(`/signature/${c.id}`);
      expect(mail?.textBody).toContain('signez en ligne avec un code reçu par e-mail, ou imprimez');
      expect((await mailsTo(c.contact.email)).filter((m) => m.subject.includes('signer'))).toEqual([]);
      expect((await mailsTo(c.applicant.email)).filter((m) => m.subject.includes('signer'))).toEqual([]);

      const view = await signature(c.signatory, c.id);
      expect(view).toMatchObject({
        state: 'choose',
        method: null,
        me: { role: 'employer', canSign: true, canChooseMethod: true },
        consent: { version: expect.any(String) as string },
        signedDocumentUrl: null,
      });
      expect(view.signers.map((s) => [s.role, s.status])).toEqual([
        ['employer', 'pending'],
        ['apprentice', 'waiting'],
        ['school', 'waiting'],
      ]);
      expect(view.documents.map((d) => d.kind)).toEqual(['cerfa', 'convention']);
      const doc = await ok(c.signatory, 'GET', view.documents[0]?.url ?? '');
      expect(doc.headers['content-type']).toBe('application/pdf');
      expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      // The contact who filled in the sheets is not the signatory: the documents are not theirs to read (SPEC 6).
      expect((await call(c.contact, 'GET', `/api/signature/${c.id}`)).statusCode).toBe(403);
      const applicantView = await signature(c.applicant, c.id);
      expect(applicantView.me).toEqual({
        role: 'apprentice',
        canSign: false,
        canChooseMethod: false,
        scanRejectedReason: null,
        codeLocked: false,
        pendingCode: null,
      });
      const staffView = await signature(staff, c.id);
      expect(staffView.me.role).toBe('school');
      expect(staffView.me.canChooseMethod).toBe(true);

      const detail = (await ok(staff, 'GET', `/api/staff/dossiers/${c.id}`)).json<StaffDossierDetailResponse>();
      expect(detail.signature).toMatchObject({ state: 'choose', procedureState: 'pending' });
      expect(detail.signature?.signers.map((s) => s.status)).toEqual(['pending', 'waiting', 'waiting']);
    });

    it('asks a minor’s legal representative to sign after the applicant', async () => {
      const c = await preparedCase({ minor: true });
      const view = await signature(c.signatory, c.id);
      expect(view.signers.map((s) => s.role)).toEqual(['employer', 'apprentice', 'legal_representative', 'school']);
      const parent = await callerOf(c.representativeEmail ?? '');
      expect((await signature(parent, c.id)).me.role).toBe('legal_representative');
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect((await signOnline(c.signatory, c.id)).statusCode).toBe(200);
      // The representative signs after the applicant, not before.
      expect((await call(parent, 'POST', `/api/signature/${c.id}/code`)).statusCode).toBe(409);
      expect((await signOnline(c.applicant, c.id)).statusCode).toBe(200);
      expect((await stepsOf(c.id))['signature_admissible']).toBe(2);
      const parentMail = (await mailsTo(parent.email)).find((m) => m.subject.includes('à signer'));
      expect(linkPath(parentMail?.textBody ?? '')).toBe(`/signature/${c.id}`);
      expect((await signOnline(parent, c.id)).statusCode).toBe(200);
      expect((await stepsOf(c.id))['signature_admissible']).toBe(3);
      expect((await signature(staff, c.id)).me.canSign).toBe(true);
    });
  });

  describe('who may call', () => {
    it('answers 401 anonymous, 403 to a stranger and another case’s party, 404 for an unknown case', async () => {
      const c = await preparedCase();
      const other = await preparedCase();
      const routes: ['GET' | 'POST', string, object | undefined][] = [
        ['GET', `/api/signature/${c.id}`, undefined],
        ['GET', `/api/signature/${c.id}/documents/1`, undefined],
        ['POST', `/api/signature/${c.id}/method`, { method: 'online' }],
        ['POST', `/api/signature/${c.id}/code`, undefined],
        ['POST', `/api/signature/${c.id}/sign`, { code: '123456', consent: true, documents: [{ id: 1, sha256: 'a'.repeat(64) }] }],
        ['POST', `/api/signature/${c.id}/refuse`, { reason: 'non' }],
      ];
      for (const [method, url, payload] of routes) {
        expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
        expect((await call(stranger, method, url, payload)).statusCode, url).toBe(403);
        expect((await call(other.applicant, method, url, payload)).statusCode, url).toBe(403);
        expect((await call(other.signatory, method, url, payload)).statusCode, url).toBe(403);
        expect((await call(staff, method, url.replace(`/${c.id}`, '/999999'), payload)).statusCode, url).toBe(404);
      }
      const form = multipart('file', await aPdf('x'), 'x.pdf');
      const anonymous = await app.inject({ method: 'POST', url: `/api/signature/${c.id}/upload`, headers: form.headers, payload: form.payload });
      expect(anonymous.statusCode).toBe(401);
      expect((await upload(stranger, c.id, await aPdf('x'))).statusCode).toBe(403);
      for (const caller of [c.applicant, c.signatory]) {
        expect((await call(caller, 'GET', `/api/staff/dossiers/${c.id}/evidence`)).statusCode).toBe(403);
        expect(
          (await call(caller, 'POST', `/api/staff/dossiers/${c.id}/manual-signature`, { decision: 'confirmed' })).statusCode,
        ).toBe(403);
      }
      expect((await call(undefined, 'GET', `/api/staff/dossiers/${c.id}/evidence`)).statusCode).toBe(401);
      expect((await call(staff, 'GET', '/api/staff/dossiers/999999/evidence')).statusCode).toBe(404);
    });
  });

  describe('online', () => {
    it('signs in order, each signer mailed in turn; the school’s signature seals the contract and accepts the case', async () => {
      const c = await preparedCase();
      // The applicant is not the first signer: no method choice, no signature before their turn.
      expect((await call(c.applicant, 'POST', `/api/signature/${c.id}/method`, { method: 'online' })).statusCode).toBe(409);
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'manual' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect((await call(c.applicant, 'POST', `/api/signature/${c.id}/code`)).statusCode).toBe(409);
      expect((await trySign(c.applicant, c.id, { code: '123456', consent: true })).statusCode).toBe(409);

      // The GET changed nothing (a mail scanner opening the link).
      await signature(c.signatory, c.id);
      const sent = (await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`)).json<{ expiresAt: string; sentTo: string }>();
      expect(sent.sentTo).toBe(c.signatoryEmail);
      const code = await lastCode(c.signatoryEmail);
      const wrong = await trySign(c.signatory, c.id, {
        code: code === '000000' ? '111111' : '000000',
        consent: true,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ErrorBody>().errors).toEqual({ code: ['signature.code_wrong'], attemptsLeft: ['4'] });
      const noConsent = await trySign(c.signatory, c.id, { code, consent: false });
      expect(noConsent.statusCode).toBe(400);
      expect(noConsent.json<ErrorBody>().errors?.['consent']).toEqual(['signature.consent_required']);
      const unknownLang = await trySign(c.signatory, c.id, { code, consent: true, consentLang: 'de-DE' });
      expect(unknownLang.statusCode).toBe(400);
      expect(
        (await trySign(c.signatory, c.id, { code, consent: true, consentLang: 'en-US' })).statusCode,
      ).toBe(200);
      // The evidence names the sentence read: its version, language and the hash of its English text.
      const signedEvent = (await listSignatureEvents(db, c.id)).find((event) => event.type === 'signer.signed');
      expect(signedEvent?.payload['consent']).toEqual({
        version: CONSENT.version,
        lang: 'en-US',
        sha256: createHash('sha256').update(CONSENT.texts['en-US']).digest('hex'),
      });
      expect((await ok(c.signatory, 'GET', `/api/signature/${c.id}`)).json<SignatureResponse>().signers[0]).toMatchObject({
        status: 'signed',
        method: 'online',
      });
      expect((await stepsOf(c.id))['signature_employeur']).toBe(3);
      // The method is locked once someone signed.
      expect((await call(staff, 'POST', `/api/signature/${c.id}/method`, { method: 'manual' })).statusCode).toBe(409);

      const applicantMail = (await mailsTo(c.applicant.email)).find((m) => m.subject.includes('à signer'));
      expect(linkPath(applicantMail?.textBody ?? '')).toBe(`/signature/${c.id}`);
      // The next signer's mail names the method chosen (issue 29), where the first one, before any choice, gave both.
      expect(applicantMail?.textBody).toContain('La signature se fait en ligne');
      expect(applicantMail?.textBody).not.toContain('imprimez');
      expect((await signOnline(c.applicant, c.id)).statusCode).toBe(200);
      expect((await stepsOf(c.id))['signature_admissible']).toBe(3);

      const staffMails = (await mailsTo(staff.email)).filter((m) => m.subject.includes('à signer'));
      expect(staffMails.map((m) => linkPath(m.textBody))).toContain(`/signature/${c.id}`);
      const started = performance.now();
      const last = await signOnline(staff, c.id);
      timings['finalSign']?.push(performance.now() - started);
      expect(last.statusCode).toBe(200);
      const done = last.json<SignatureResponse>();
      expect(done.state).toBe('signed');
      // The answer is the state the signature committed; the seal is a job queued with it (issue 27), run here.
      expect(done.signedDocumentUrl).toBeNull();
      await sealQueued();
      const sealedUrl = (await signature(staff, c.id)).signedDocumentUrl;
      expect(sealedUrl).toMatch(/^\/api\/files\//);

      const row = await dossierOf(c.id);
      expect(row.dossierStatut).toBe(8);
      expect(await stepsOf(c.id)).toMatchObject({ signature_employeur: 3, signature_admissible: 3, signature_ecole: 3 });
      // Sealed: the applicant learns the contract is signed, then is invited to the closing survey (survey.service.ts),
      // in the seal's transaction: the survey never comes before "contract signed" (issue 29).
      const applicantMails = await mailsTo(c.applicant.email);
      const surveyMails = applicantMails.filter((m) => m.textBody.includes(`/sondage/signature/${c.id}?`));
      expect(surveyMails).toHaveLength(1);
      const signedMail = applicantMails.find((m) => m.subject.startsWith('Contrat signé'));
      expect(signedMail).toBeDefined();
      expect(surveyMails[0]?.id).toBeGreaterThan(signedMail?.id ?? Infinity);
      const portal = (await ok(c.applicant, 'GET', '/api/admissibles/portal/dossiers')).json<Dossier[]>();
      const mine = portal.find((d) => d.id === c.id);
      expect(mine?.dossierCerfa).toBe(sealedUrl);
      const signed = await ok(c.applicant, 'GET', mine?.dossierCerfa ?? '');
      expect((await ok(c.signatory, 'GET', mine?.dossierCerfa ?? '')).statusCode).toBe(200);
      const verdict = await pdfsig(signed.rawPayload);
      expect(verdict).toContain('Signature is Valid');
      expect(verdict).toContain('ETSI.CAdES.detached');
      const [procedure] = await db.select().from(signatureProcedures).where(eq(signatureProcedures.dossierId, c.id));
      expect(procedure).toMatchObject({ state: 'completed', resultFileId: row.cerfaFileId });

      const chain = await verifyChain(db, c.id);
      expect(chain.ok).toBe(true);
      const evidence = await ok(staff, 'GET', `/api/staff/dossiers/${c.id}/evidence`);
      expect(evidence.headers['content-type']).toBe('application/pdf');
      expect(evidence.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Nothing more to do once signed.
      expect((await call(c.signatory, 'POST', `/api/signature/${c.id}/refuse`, { reason: 'trop tard' })).statusCode).toBe(409);
    });

    it('two simultaneous signatures with the same code: one succeeds, the other is refused', async () => {
      const c = await preparedCase();
      await ok(staff, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      const code = await lastCode(c.signatoryEmail);
      const answers = await Promise.all([
        trySign(c.signatory, c.id, { code, consent: true }),
        trySign(c.signatory, c.id, { code, consent: true }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const signers = await db
        .select()
        .from(signatureSigners)
        .innerJoin(signatureProcedures, eq(signatureProcedures.id, signatureSigners.procedureId))
        .where(and(eq(signatureProcedures.dossierId, c.id), eq(signatureSigners.status, 'signed')));
      expect(signers).toHaveLength(1);
    });

    it('refuses an expired code and a code tried too many times', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect(
        (await trySign(c.signatory, c.id, { code: '123456', consent: true })).json<ErrorBody>().errors,
      ).toEqual({ code: ['signature.code_expired'] });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      const code = await lastCode(c.signatoryEmail);
      await db.update(signatureSigners).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(signatureSigners.role, 'employer'));
      const expired = await trySign(c.signatory, c.id, { code, consent: true });
      expect(expired.json<ErrorBody>().errors).toEqual({ code: ['signature.code_expired'] });

      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      const fresh = await lastCode(c.signatoryEmail);
      const bad = fresh === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i += 1) await trySign(c.signatory, c.id, { code: bad, consent: true });
      const blocked = await trySign(c.signatory, c.id, { code: fresh, consent: true });
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json<ErrorBody>().errors).toEqual({ code: ['signature.code_attempts'] });
    });
  });

  describe('evidence that names the right people (issue 27)', () => {
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const events = async (id: number, type: string) => (await listSignatureEvents(db, id)).filter((event) => event.type === type);

    it('binds the school’s code to the staff member it was mailed to: a colleague’s try is a counted wrong code, the evidence names the mailbox', async () => {
      const c = await preparedCase();
      const colleague = await createUser('staff');
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      for (const signer of [c.signatory, c.applicant]) expect((await signOnline(signer, c.id)).statusCode).toBe(200);

      const sent = (await ok(staff, 'POST', `/api/signature/${c.id}/code`)).json<{ sentTo: string }>();
      expect(sent.sentTo).toBe(staff.email);
      const code = await lastCode(staff.email);
      // The colleague holds a session and the code, not the mailbox: refused as a wrong code, and counted.
      const stolen = await trySign(colleague, c.id, { code, consent: true });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json<ErrorBody>().errors).toEqual({ code: ['signature.code_wrong'], attemptsLeft: ['4'] });
      const [failed] = await events(c.id, 'code.failed');
      expect(failed?.payload).toMatchObject({ role: 'school', userId: colleague.id, attempts: 1, failures: 1 });
      expect((await signature(staff, c.id)).state).toBe('pending');

      // The one it was mailed to signs with it; the evidence and the certificate name their mailbox.
      expect((await trySign(staff, c.id, { code, consent: true })).statusCode).toBe(200);
      const [signed] = (await events(c.id, 'signer.signed')).filter((event) => event.payload['role'] === 'school');
      expect(signed?.payload).toMatchObject({ email: staff.email, userId: staff.id, codeAttempts: 2 });
      const [school] = await db
        .select()
        .from(signatureSigners)
        .innerJoin(signatureProcedures, eq(signatureProcedures.id, signatureSigners.procedureId))
        .where(and(eq(signatureProcedures.dossierId, c.id), eq(signatureSigners.role, 'school')));
      expect(school?.signature_signers).toMatchObject({ email: staff.email, signedByUserId: staff.id, codeUserId: staff.id });
      const text = await pdftotext((await ok(staff, 'GET', `/api/staff/dossiers/${c.id}/evidence`)).rawPayload);
      expect(text).toContain(staff.email);
      expect(text).not.toContain(colleague.email);
    });

    it('locks a signer after 10 wrong codes over the procedure, until staff prepare the contract again; a 429 says when to retry', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      const answers: string[] = [];
      for (const round of [1, 2]) {
        await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
        const bad = wrongFor(await lastCode(c.signatoryEmail));
        for (let i = 0; i < 5; i += 1) {
          const answer = await trySign(c.signatory, c.id, { code: bad, consent: true });
          answers.push(`${round}:${answer.statusCode}:${JSON.stringify(answer.json<ErrorBody>().errors)}`);
        }
      }
      // Five tries per code, ten wrong codes in all: the tenth locks the signer.
      expect(answers.slice(3)).toEqual([
        '1:400:{"code":["signature.code_wrong"],"attemptsLeft":["1"]}',
        '1:400:{"code":["signature.code_attempts"],"attemptsLeft":["0"]}',
        '2:400:{"code":["signature.code_wrong"],"attemptsLeft":["4"]}',
        '2:400:{"code":["signature.code_wrong"],"attemptsLeft":["3"]}',
        '2:400:{"code":["signature.code_wrong"],"attemptsLeft":["2"]}',
        '2:400:{"code":["signature.code_wrong"],"attemptsLeft":["1"]}',
        '2:409:{"code":["signature.code_locked"]}',
      ]);
      // Locked: neither a new code nor the right one helps; the signer's page and the case page say so.
      const again = await call(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>()).toMatchObject({ code: 'LOCKED', errors: { code: ['signature.code_locked'] } });
      expect((await signature(c.signatory, c.id)).me).toMatchObject({ canSign: true, codeLocked: true });
      expect((await signature(c.applicant, c.id)).me.codeLocked).toBe(false);
      const detail = (await ok(staff, 'GET', `/api/staff/dossiers/${c.id}`)).json<StaffDossierDetailResponse>();
      expect(detail.signature?.signers.map((s) => s.codeLocked)).toEqual([true, false, false]);
      expect((await events(c.id, 'code.locked')).map((event) => event.payload)).toEqual([{ role: 'employer', failures: 10, max: 10 }]);

      // Codes asked in a loop: the sixth within 15 minutes is a 429 that says when to come back.
      expect((await call(c.signatory, 'POST', `/api/signature/${c.id}/code`)).statusCode).toBe(409);
      expect((await call(c.signatory, 'POST', `/api/signature/${c.id}/code`)).statusCode).toBe(409);
      const limited = await call(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json<ErrorBody>().code).toBe('RATE_LIMITED');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      // Staff restart the procedure (the contract prepared again): the new procedure's signer starts afresh.
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared-again`, { reason: 'Salaire corrigé' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect((await signature(c.signatory, c.id)).me.codeLocked).toBe(false);
      // As if the quarter of an hour had passed.
      await db.update(rateLimits).set({ windowStart: sql`now() - interval '1 hour'` });
      expect((await signOnline(c.signatory, c.id)).statusCode).toBe(200);
    });

    it('signs only the document versions shown, and keeps each reading in the evidence and on the certificate', async () => {
      const c = await preparedCase();
      const shownBefore = await shownTo(c.signatory, c.id);
      const [first, second] = (await signature(c.signatory, c.id)).documents;
      if (!first || !second) throw new Error('two documents expected');
      await ok(c.signatory, 'GET', `${first.url}?as=view`);
      await ok(c.signatory, 'GET', first.url);
      await ok(c.signatory, 'GET', `${second.url}?as=view`);
      const reads = [...(await events(c.id, 'document.viewed')), ...(await events(c.id, 'document.downloaded'))];
      expect(reads.map((event) => [event.type, event.payload['documentId'], event.payload['sha256']])).toEqual([
        ['document.viewed', first.id, first.sha256],
        ['document.viewed', second.id, second.sha256],
        ['document.downloaded', first.id, first.sha256],
      ]);
      expect(reads[0]?.payload).toMatchObject({ role: 'employer', kind: 'cerfa', version: 1, userAgent: 'vitest-browser/1.0' });
      expect(reads[0]?.payload['userId']).toBe((await callerOf(c.signatoryEmail)).id);

      // New versions prepared after the signer's last view: a signature naming the old ones is refused, the code kept.
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared-again`, { reason: 'Salaire corrigé' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      const code = await lastCode(c.signatoryEmail);
      const stale = await trySign(c.signatory, c.id, { code, consent: true, documents: shownBefore });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<ErrorBody>()).toMatchObject({ code: 'CONFLICT', errors: { documents: ['signature.documents_changed'] } });
      const shownNow = await shownTo(c.signatory, c.id);
      expect(shownNow.map((doc) => doc.sha256)).not.toEqual(shownBefore.map((doc) => doc.sha256));
      const tampered = shownNow.map((doc, index) => (index === 0 ? { ...doc, sha256: 'f'.repeat(64) } : doc));
      expect((await trySign(c.signatory, c.id, { code, consent: true, documents: tampered })).statusCode).toBe(409);
      expect((await trySign(c.signatory, c.id, { code, consent: true, documents: shownNow.slice(1) })).statusCode).toBe(409);
      expect((await signature(c.signatory, c.id)).signers[0]?.status).toBe('pending');

      const [cerfa] = (await signature(c.signatory, c.id)).documents;
      await ok(c.signatory, 'GET', `${cerfa?.url ?? ''}?as=view`);
      await ok(c.signatory, 'GET', `${cerfa?.url ?? ''}?as=view`);
      expect((await trySign(c.signatory, c.id, { code, consent: true, documents: shownNow })).statusCode).toBe(200);
      const [signed] = await events(c.id, 'signer.signed');
      expect((signed?.payload['documents'] as { id: number; sha256: string }[]).map(({ id, sha256 }) => ({ id, sha256 }))).toEqual(shownNow);
      const text = (await pdftotext((await ok(staff, 'GET', `/api/staff/dossiers/${c.id}/evidence`)).rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain("Lu : Contrat d'apprentissage (CERFA), version 2 : affiché dans le portail 2 fois ; dernière lecture le");
      expect(text).toContain(cerfa?.sha256);
      // The old procedure's readings stay in the chain, not on this procedure's certificate.
      expect(text).not.toContain('téléchargé');
      expect((await verifyChain(db, c.id)).ok).toBe(true);
    });

    it('keeps "code sent" across a reload: the page reads when the code expires and where it went, never the code (issue 29)', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect((await signature(c.signatory, c.id)).me.pendingCode).toBeNull();
      const asked = (await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`)).json<{ expiresAt: string; sentTo: string }>();
      const code = await lastCode(c.signatoryEmail);
      const reloaded = await ok(c.signatory, 'GET', `/api/signature/${c.id}`);
      expect(reloaded.json<SignatureResponse>().me.pendingCode).toEqual({ expiresAt: asked.expiresAt, sentTo: c.signatoryEmail });
      expect(reloaded.body).not.toContain(code);
      // Nobody else reads it: the applicant waiting, staff for the school.
      expect((await signature(c.applicant, c.id)).me.pendingCode).toBeNull();
      expect((await signature(staff, c.id)).me.pendingCode).toBeNull();
      // Five wrong tries void it: the page asks for a new code again.
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) expect((await trySign(c.signatory, c.id, { code: wrong, consent: true })).statusCode).toBe(400);
      expect((await signature(c.signatory, c.id)).me.pendingCode).toBeNull();
      // A new code is pending again, and signing with it ends it.
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      expect((await signature(c.signatory, c.id)).me.pendingCode).not.toBeNull();
      expect((await trySign(c.signatory, c.id, { code: await lastCode(c.signatoryEmail), consent: true })).statusCode).toBe(200);
      expect((await signature(c.signatory, c.id)).me.pendingCode).toBeNull();
    });

    it('queues the code’s mail without the code: no outbox row holds it, the mail received over SMTP does', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      const [sent] = await events(c.id, 'code.sent');
      const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, Number(sent?.payload['mailId'])));
      expect(queued).toMatchObject({ status: 'pending', toAddress: c.signatoryEmail });
      expect(queued?.sealedSecret).toMatch(/^v1\./);
      // Queued: the subject and bodies hold a placeholder where the code goes, and no 6-digit number (a colour #424242
      // or the phone number are not one).
      for (const part of [queued?.textBody, queued?.htmlBody]) {
        expect(part).toContain('[[passerelle:secret]]');
        expect(part).not.toMatch(/(?<![0-9a-f#.])\d{6}(?![0-9a-f])/);
      }
      // The subject, which a phone's lock screen shows, never holds the code.
      expect(queued?.subject).toBe(`Votre code de signature — dossier n° ${c.id}`);

      const code = await lastCode(c.signatoryEmail);
      const received = smtp.messages.find((m) => m.envelopeTo.includes(c.signatoryEmail) && m.parsed.messageId === queued?.messageId);
      expect(received?.parsed.subject).toBe(`Votre code de signature — dossier n° ${c.id}`);
      expect(received?.parsed.text).toContain(code);
      expect(received?.parsed.html).toContain(code);
      // Sent: the ciphertext is erased too. No row, no column holds the code (a microsecond fraction ".123456" of a
      // timestamp is not it).
      const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, Number(sent?.payload['mailId'])));
      expect(after).toMatchObject({ status: 'sent', sealedSecret: null });
      const rows = await db.execute<{ row: string }>(sql`select row_to_json(m)::text as row from mail_outbox m`);
      const inClear = new RegExp(`(?<![0-9a-f.])${code}(?![0-9a-f])`);
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(rows.rows.filter(({ row }) => inClear.test(row))).toEqual([]);
      expect((await trySign(c.signatory, c.id, { code, consent: true })).statusCode).toBe(200);
    });
  });

  describe('refusal, re-preparation, expiry', () => {
    it('a refusal sends the case back to staff with the reason; preparing again opens a new procedure', async () => {
      const c = await preparedCase();
      const refused = await ok(c.signatory, 'POST', `/api/signature/${c.id}/refuse`, { reason: 'Le salaire est faux' });
      expect(refused.json<SignatureResponse>()).toMatchObject({ state: 'refused' });
      expect((await signature(c.applicant, c.id)).state).toBe('refused');
      expect((await stepsOf(c.id))['cfa']).toBe(2);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'signature.refused')));
      expect(entry?.details).toMatchObject({ role: 'employer', reason: 'Le salaire est faux' });
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
      expect((await signature(c.signatory, c.id)).state).toBe('choose');
    });

    it('preparing again while signatures are pending supersedes the procedure and its documents', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/code`);
      const code = await lastCode(c.signatoryEmail);
      const before = await signature(c.signatory, c.id);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared-again`, { reason: 'Salaire corrigé' });
      const states = await db
        .select({ state: signatureProcedures.state })
        .from(signatureProcedures)
        .where(eq(signatureProcedures.dossierId, c.id))
        .orderBy(asc(signatureProcedures.createdAt));
      expect(states.map((s) => s.state)).toEqual(['superseded', 'pending']);
      // The old code belonged to the old procedure.
      expect((await trySign(c.signatory, c.id, { code, consent: true })).statusCode).toBe(409);
      const after = await signature(c.signatory, c.id);
      expect(after.state).toBe('choose');
      expect(after.documents.map((d) => d.id)).not.toEqual(before.documents.map((d) => d.id));
      // A document regenerated under a pending procedure makes it unavailable (SPEC 8).
      await db
        .update(contractDocuments)
        .set({ supersededAt: new Date() })
        .where(and(eq(contractDocuments.dossierId, c.id), eq(contractDocuments.kind, 'convention'), isNull(contractDocuments.supersededAt)));
      expect(await signature(c.signatory, c.id)).toMatchObject({ state: 'unavailable', stateReason: 'superseded' });
      expect((await call(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' })).statusCode).toBe(409);
    });

    it('preparing again is its own action: it asks why, cancels the signatures collected and records them (issue 29)', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect((await signOnline(c.signatory, c.id)).statusCode).toBe(200);
      expect((await signature(c.applicant, c.id)).signers.map((signer) => signer.status)).toEqual(['signed', 'pending', 'waiting']);
      const turnMailsBefore = (await mailsTo(c.signatoryEmail)).length;

      // The first preparation again: refused with its own code; nothing changes, nobody is mailed.
      const first = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
      expect(first.statusCode).toBe(409);
      expect(first.json<ErrorBody>().code).toBe('CONTRACT_ALREADY_PREPARED');
      const detail = (await ok(staff, 'GET', `/api/staff/dossiers/${c.id}`)).json<StaffDossierDetailResponse>();
      expect(detail.allowedActions).not.toContain('contract-prepared');
      expect(detail.allowedActions).toContain('contract-prepared-again');

      // Preparing again without a reason: 400, the field named.
      for (const payload of [{}, { reason: '   ' }]) {
        const noReason = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared-again`, payload);
        expect(noReason.statusCode).toBe(400);
        expect(noReason.json<ErrorBody>().errors?.['reason']).toEqual(['field.required']);
      }
      expect((await signature(c.applicant, c.id)).signers[0]?.status).toBe('signed');
      expect(await mailsTo(c.signatoryEmail)).toHaveLength(turnMailsBefore);

      // With the reason: the signatory's signature is cancelled, and the history and the evidence say so and why.
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared-again`, { reason: 'Salaire corrigé après appel' });
      expect((await signature(c.applicant, c.id)).signers.map((signer) => signer.status)).toEqual(['pending', 'waiting', 'waiting']);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'contract.prepared_again')));
      expect(entry?.details).toMatchObject({
        reason: 'Salaire corrigé après appel',
        cancelledSignatures: [{ role: 'employer', status: 'signed' }],
      });
      const [superseded] = (await listSignatureEvents(db, c.id)).filter((event) => event.type === 'procedure.superseded');
      expect(superseded?.payload).toMatchObject({
        reason: 'Salaire corrigé après appel',
        cancelledSignatures: [{ role: 'employer', status: 'signed' }],
      });
      expect((await verifyChain(db, c.id)).ok).toBe(true);
    });

    it('prepares again only a prepared contract, for staff only', async () => {
      const c = await readyCase();
      const early = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared-again`, { reason: 'Correction' });
      expect(early.statusCode).toBe(409);
      expect(early.json<ErrorBody>().code).toBe('CONFLICT');
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
      const url = `/api/staff/dossiers/${c.id}/contract-prepared-again`;
      expect((await app.inject({ method: 'POST', url, payload: { reason: 'Correction' } })).statusCode).toBe(401);
      expect((await call(stranger, 'POST', url, { reason: 'Correction' })).statusCode).toBe(403);
      expect((await call(c.applicant, 'POST', url, { reason: 'Correction' })).statusCode).toBe(403);
      expect((await call(staff, 'POST', '/api/staff/dossiers/99999999/contract-prepared-again', { reason: 'Correction' })).statusCode).toBe(404);
    });

    it('a contract staff record as signed on paper cancels the pending procedure', async () => {
      const c = await preparedCase();
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/signed`, { signedOn: '2026-08-20' });
      expect(await signature(c.signatory, c.id)).toMatchObject({ state: 'unavailable', stateReason: 'cancelled' });
    });

    it('reminds the signer once per period, and expires the procedure (unavailable)', async () => {
      const c = await preparedCase();
      const deps = await signatureFlowDeps(app);
      const reminders = async () => (await mailsTo(c.signatoryEmail)).filter((m) => m.subject.startsWith('Rappel')).length;
      const inFourDays = new Date(Date.now() + 4 * 86_400_000);
      await runSignatureSweep(deps, inFourDays);
      expect(await reminders()).toBe(1);
      await runSignatureSweep(deps, inFourDays);
      expect(await reminders()).toBe(1);
      // Expiry is checked at request time, before any sweep.
      await db.update(signatureProcedures).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signatureProcedures.dossierId, c.id));
      expect(await signature(c.signatory, c.id)).toMatchObject({ state: 'unavailable', stateReason: 'expired' });
      const action = await call(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      expect(action.statusCode).toBe(409);
      expect(action.json<ErrorBody>().code).toBe('SIGNATURE_UNAVAILABLE');
      const swept = await runSignatureSweep(deps);
      expect(swept.expired).toBeGreaterThanOrEqual(1);
      const [procedure] = await db.select().from(signatureProcedures).where(eq(signatureProcedures.dossierId, c.id));
      expect(procedure?.state).toBe('expired');
    });
  });

  describe('mails: Message-IDs in the evidence, the contract signed, a refusal', () => {
    it('names the SMTP Message-ID of every link and code mail in the evidence and on the certificate of completion', async () => {
      const c = await preparedCase({ minor: true });
      const parent = await callerOf(c.representativeEmail ?? '');
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      for (const signer of [c.signatory, c.applicant, parent, staff]) expect((await signOnline(signer, c.id)).statusCode).toBe(200);

      const events = await listSignatureEvents(db, c.id);
      const outbox = await db.select().from(mailOutbox);
      const codes = events.filter((event) => event.type === 'code.sent');
      expect(codes.map((event) => event.payload['role'])).toEqual(['employer', 'apprentice', 'legal_representative', 'school']);
      for (const event of codes) {
        const mail = outbox.find((row) => row.id === event.payload['mailId']);
        expect(mail?.toAddress).toBe(event.payload['email']);
        expect(event.payload['messageId']).toMatch(/^<[0-9a-f-]{36}@[\w.-]+>$/);
        expect(mail?.messageId).toBe(event.payload['messageId']);
      }
      const turns = events.filter((event) => event.type === 'signer.notified');
      expect(turns.map((event) => event.payload['role'])).toEqual(['employer', 'apprentice', 'legal_representative', 'school']);
      const linkIds: string[] = [];
      for (const event of turns) {
        const mails = event.payload['mails'] as { to: string; messageId: string }[];
        expect(mails.length).toBeGreaterThan(0);
        for (const sent of mails) {
          const mail = outbox.find((row) => row.messageId === sent.messageId);
          expect(mail?.toAddress).toBe(sent.to);
          expect(mail?.subject).toContain('à signer');
          if (sent.to === staff.email || event.payload['role'] !== 'school') linkIds.push(sent.messageId);
        }
      }
      expect(linkIds).toHaveLength(4);

      const certificate = await ok(staff, 'GET', `/api/staff/dossiers/${c.id}/evidence`);
      const text = await pdftotext(certificate.rawPayload);
      const codeIds = codes.map((event) => event.payload['messageId'] as string);
      for (const id of [...linkIds, ...codeIds]) expect(text).toContain(id);
      expect(text).toContain('Message-ID du lien');
      expect(text).toContain('Message-ID du code');
      await sealQueued();
      const signed = await ok(staff, 'GET', (await signature(staff, c.id)).signedDocumentUrl ?? '');
      expect(await pdftotext(signed.rawPayload)).toContain(codeIds[0]);
    });

    it('tells every party once the contract is sealed, each with a link to where they download it, in the sealing transaction', async () => {
      const c = await preparedCase({ minor: true });
      const parent = await callerOf(c.representativeEmail ?? '');
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'online' });
      for (const signer of [c.signatory, c.applicant, parent]) expect((await signOnline(signer, c.id)).statusCode).toBe(200);
      const signedMails = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.startsWith('Contrat signé'));

      // The seal job's transaction fails at its commit: the case is accepted (the last signature's own commit), but
      // nothing is sealed nor mailed, and the job waits for its retry.
      expect((await signOnline(staff, c.id)).statusCode).toBe(200);
      const restore = await failCommitsMailing('Contrat signé');
      try {
        expect(await sealQueued()).toEqual([expect.objectContaining({ ok: false })]);
      } finally {
        await restore();
      }
      expect((await dossierOf(c.id)).dossierStatut).toBe(8);
      expect((await dossierOf(c.id)).cerfaFileId).toBeNull();
      for (const email of [c.applicant.email, c.signatoryEmail, c.contact.email, parent.email]) expect(await signedMails(email)).toEqual([]);

      // The hourly sweep, the safety net, seals it again, and the mails go with it, once; the job's retry finds it done.
      expect((await runSignatureSweep(await signatureFlowDeps(app))).finalized).toBeGreaterThanOrEqual(1);
      expect((await runSignatureSweep(await signatureFlowDeps(app))).finalized).toBe(0);
      await db.update(jobQueue).set({ runAt: sql`now()` }).where(eq(jobQueue.state, 'queued'));
      expect(await sealQueued()).toEqual([expect.objectContaining({ ok: true })]);
      const paths = async (email: string) => (await signedMails(email)).map((m) => linkPath(m.textBody));
      expect(await paths(c.applicant.email)).toEqual(['/espace-admissible/dossiers']);
      expect(await paths(c.signatoryEmail)).toEqual(['/']);
      expect(await paths(c.contact.email)).toEqual(['/']);
      expect(await paths(parent.email)).toEqual([`/signature/${c.id}`]);
      // Staff signed for the school: not a party to tell.
      expect(await signedMails(staff.email)).toEqual([]);
      const [applicantMail] = await signedMails(c.applicant.email);
      expect(applicantMail?.subject).toBe(`Contrat signé — dossier n° ${c.id}`);
      const [contactMail] = await signedMails(c.contact.email);
      expect(contactMail?.subject).toMatch(new RegExp(`^Contrat signé — dossier n° ${c.id} \\(Test User\\d+\\)$`));
      // The links lead to the sealed contract: the representative's signing page offers it.
      expect((await signature(parent, c.id)).signedDocumentUrl).toBe(`/api/files/${(await dossierOf(c.id)).cerfaFileId}`);
    });

    it('mails the school’s contact address the refusal, the signer’s role and reason, in the refusing transaction', async () => {
      const c = await preparedCase();
      const contactAddress = app.config.CFA_CONTACT_EMAIL;
      const refusals = async () => (await mailsTo(contactAddress)).filter((m) => m.subject.includes(`dossier n° ${c.id} `));

      const restore = await failCommitsMailing('Signature refusée');
      try {
        expect((await call(c.applicant, 'POST', `/api/signature/${c.id}/refuse`, { reason: 'Date de naissance fausse' })).statusCode).toBe(500);
      } finally {
        await restore();
      }
      // Rolled back whole: the signer has not refused, nothing is mailed.
      expect((await signature(c.applicant, c.id)).state).toBe('choose');
      expect(await refusals()).toEqual([]);

      await ok(c.signatory, 'POST', `/api/signature/${c.id}/refuse`, { reason: 'Le salaire est faux' });
      const mails = await refusals();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/^Signature refusée — dossier n° \d+ \(Test User\d+\)$/);
      expect(mails[0]?.textBody).toContain("refusés par le signataire de l'employeur");
      expect(mails[0]?.textBody).toContain('> Motif : Le salaire est faux');
      expect(mails[0]?.textBody).toContain(`${app.config.publicUrl}/gestion/dossiers/${c.id}`);
      // No personal link in a shared inbox.
      expect(mails[0]?.textBody).not.toMatch(/[?&]t=/);
      expect(mails[0]?.messageId).toMatch(/^<[0-9a-f-]{36}@[\w.-]+>$/);
    });
  });

  describe('manual', () => {
    it('takes PDF scans only, 10 MB at most; staff confirm or reject each; the last one seals the contract', async () => {
      const c = await preparedCase();
      await ok(c.signatory, 'POST', `/api/signature/${c.id}/method`, { method: 'manual' });
      expect((await call(c.signatory, 'POST', `/api/signature/${c.id}/code`)).statusCode).toBe(409);

      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
      const notPdf = await upload(c.signatory, c.id, png, 'scan.pdf');
      expect(notPdf.statusCode).toBe(415);
      expect(notPdf.json<ErrorBody>().errors).toEqual({ file: ['file.content_not_pdf'] });
      const big = new Uint8Array(10 * 1024 * 1024 + 10);
      big.set(Buffer.from('%PDF-1.7\n'));
      const tooLarge = await upload(c.signatory, c.id, big);
      expect(tooLarge.statusCode).toBe(413);
      expect((await upload(c.applicant, c.id, await aPdf('not my turn'))).statusCode).toBe(409);

      expect((await upload(c.signatory, c.id, await aPdf('signe par employeur'))).json<SignatureResponse>().signers[0]?.status).toBe(
        'submitted',
      );
      const rejected = await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/manual-signature`, {
        decision: 'rejected',
        reason: 'Page 2 non signée',
      });
      expect(rejected.json<SignatureResponse>().signers[0]?.status).toBe('pending');
      const rejectionMail = (await mailsTo(c.signatoryEmail)).find((m) => m.subject.startsWith('Document signé à renvoyer'));
      expect(rejectionMail?.textBody).toContain('Page 2 non signée');
      // The signer's page says why, until the next scan is sent.
      expect((await ok(c.signatory, 'GET', `/api/signature/${c.id}`)).json<SignatureResponse>().me.scanRejectedReason).toBe(
        'Page 2 non signée',
      );
      const resent = await upload(c.signatory, c.id, await aPdf('signe par employeur, page 2 aussi'));
      expect(resent.json<SignatureResponse>().me.scanRejectedReason).toBeNull();
      const confirmed = await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/manual-signature`, { decision: 'confirmed' });
      expect(confirmed.json<SignatureResponse>().signers[0]).toMatchObject({ status: 'signed', method: 'manual' });
      // The signer learns their scan counts (issue 29); nobody else is told of it.
      const acceptedMails = async (email: string) =>
        (await mailsTo(email)).filter((m) => m.subject.startsWith('Votre document signé est accepté'));
      expect(await acceptedMails(c.signatoryEmail)).toHaveLength(1);
      expect((await acceptedMails(c.signatoryEmail))[0]?.textBody).toContain('votre signature sur papier est prise en compte');
      expect(await acceptedMails(c.applicant.email)).toHaveLength(0);

      expect((await upload(c.applicant, c.id, await aPdf('signe par apprenti'))).statusCode).toBe(200);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/manual-signature`, { decision: 'confirmed', role: 'apprentice' });
      expect((await upload(staff, c.id, await aPdf('visa du CFA'))).statusCode).toBe(200);
      expect(await acceptedMails(c.applicant.email)).toHaveLength(1);
      const last = await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/manual-signature`, { decision: 'confirmed' });
      expect(last.json<SignatureResponse>().state).toBe('signed');
      // The school's own scan is staff's: no staff member is mailed that it is accepted.
      expect(await acceptedMails(staff.email)).toHaveLength(0);
      expect((await dossierOf(c.id)).dossierStatut).toBe(8);
      // The last decision queued the seal (issue 27): a runner's pass does it.
      expect(await sealQueued()).toEqual([expect.objectContaining({ ok: true })]);
      const signed = await ok(c.applicant, 'GET', (await signature(c.applicant, c.id)).signedDocumentUrl ?? '');
      expect(await pdfsig(signed.rawPayload)).toContain('Signature is Valid');
      expect((await verifyChain(db, c.id)).ok).toBe(true);
    });
  });

  afterAll(() => {
    const summary = Object.entries(timings).map(
      ([name, values]) => `${name}: ${values.map((v) => Math.round(v)).join(', ')} ms`,
    );
    console.info(`signature flow timings — ${summary.join('; ')}`);
  });
});
