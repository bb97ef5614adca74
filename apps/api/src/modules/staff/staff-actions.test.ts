import { PDFDocument } from '@cantoo/pdf-lib';
import type {
  DossierStateResponse,
  ErrorBody,
  PortalInfos,
  SheetResponse,
  StaffDossierDetailResponse,
  UserType,
} from '@passerelle/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contactOf,
  createCaller,
  createFormation,
  f1caBody,
  f1ceBody,
  fraBody,
  sendInformationSheet,
  toFunding,
} from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import type { SignedInUser } from '../workshops/applicant-fixtures.ts';
import { admissibles, auditLog, dossierSteps, dossiers, sheets } from '../../db/schema/index.ts';

/**
 * Issue 10, the back-office actions on a case (docs/decisions/0012, "Issue 10"): who may call them, the states that
 * allow each one, their bodies, and the round trips they start (a returned sheet back with its author, a reviewed
 * document, an archived case reopened). The cases are brought to their stage through the API, as people would.
 */
describe('staff actions API', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  let seq = 0;

  type Caller = SignedInUser;

  const createUser = (userType: UserType): Promise<Caller> => {
    seq += 1;
    return createCaller(app, userType, `actions-${seq}@example.test`, { nom: `User${seq}` });
  };

  const call = (caller: Caller | undefined, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  const { formationId } = await createFormation(app, 'ACTIONS');

  const staff = await createUser('staff');
  const admin = await createUser('admin');

  async function createApplicant(): Promise<Caller> {
    const applicant = await createUser('admissible');
    await db.insert(admissibles).values({ userId: applicant.id, formationId, contractType: 'APP' });
    return applicant;
  }

  const ok = async (caller: Caller, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await call(caller, method, url, payload);
    if (response.statusCode !== 200 && response.statusCode !== 201)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  interface Case {
    id: number;
    applicant: Caller;
    employer: Caller;
  }

  /** Status 1, nothing sent; no employer yet (`employer` is a company user of no company). */
  async function created(): Promise<Case> {
    const applicant = await createApplicant();
    const id = (await ok(applicant, 'POST', '/api/admissibles/dossiers')).json<{ id: number }>().id;
    return { id, applicant, employer: await createUser('company') };
  }

  /** Status 2: the applicant's first contact sent, the employer invited. */
  async function awaitingEmployer(): Promise<Case> {
    const { id, applicant } = await created();
    seq += 1;
    const email = `contact-${seq}@data-conseil.test`;
    await ok(applicant, 'POST', `/api/admissibles/fiche-premier-contact/${id}/submit`, f1caBody(email));
    return { id, applicant, employer: await contactOf(app, email) };
  }

  /** Status 3: both first contacts sent. */
  async function review(): Promise<Case> {
    const c = await awaitingEmployer();
    await ok(c.employer, 'POST', `/api/employeurs/fiche-premier-contact/${c.id}/submit`, f1ceBody);
    return c;
  }

  /** Status 7, fra and fre to do. */
  async function informationSheet(): Promise<Case> {
    const c = await review();
    await toFunding(app, staff, c.id);
    await ok(c.employer, 'POST', `/api/employeurs/validation-financement/${c.id}`, { decision: 'accepted' });
    return c;
  }

  /** Status 7, both parts sent: fra 3, fre 3, cfa 2. */
  async function bothSent(): Promise<Case> {
    const c = await informationSheet();
    await sendInformationSheet(app, c);
    return c;
  }

  async function prepared(): Promise<Case> {
    const c = await bothSent();
    await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`);
    return c;
  }

  async function signed(): Promise<Case> {
    const c = await prepared();
    await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/signed`, { signedOn: '2026-08-20' });
    return c;
  }

  async function filed(): Promise<Case> {
    const c = await signed();
    await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/filed`, { filedOn: '2026-08-25' });
    return c;
  }

  async function archived(): Promise<Case> {
    const c = await review();
    await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/archive`, { reason: 'Sans nouvelles' });
    return c;
  }

  async function pdfBytes(): Promise<Buffer> {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    return Buffer.from(await doc.save());
  }

  /** The applicant uploads the CVEC certificate through the portal (multipart, as the web app sends it). */
  async function uploadCvec(applicant: Caller): Promise<void> {
    const boundary = '----staff-actions-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cvec"; filename="cvec.pdf"\r\n\r\n`),
      await pdfBytes(),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="numCvec"\r\n\r\nABC1 234567 89\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/admissibles/portal/upload',
      payload,
      headers: { ...applicant.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
  }

  async function withCvec(): Promise<Case> {
    const c = await created();
    await uploadCvec(c.applicant);
    return c;
  }

  async function stateOf(id: number) {
    const [row] = await db.select().from(dossiers).where(eq(dossiers.id, id));
    const steps = await db.select().from(dossierSteps).where(eq(dossierSteps.dossierId, id));
    return { statut: row?.dossierStatut, steps: Object.fromEntries(steps.map((step) => [step.type, step.status])) };
  }

  const detail = async (id: number) => {
    const response = await call(staff, 'GET', `/api/staff/dossiers/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json<StaffDossierDetailResponse>();
  };

  interface ActionCase {
    action: string;
    body: object;
    /** A case whose state allows the action, and one whose state forbids it. */
    allowed: () => Promise<Case>;
    forbidden: () => Promise<Case>;
    /** What the action leads to. */
    to: number;
    bad: { body: object; field: string; message?: string };
  }

  const actions: ActionCase[] = [
    {
      action: 'return',
      body: { sheet: 'f1ce', message: 'Le salaire est sous le minimum : merci de le corriger.' },
      allowed: review,
      forbidden: awaitingEmployer,
      to: 2,
      bad: { body: { sheet: 'f1ce', message: '   ' }, field: 'message', message: 'field.required' },
    },
    {
      action: 'missions-complement',
      body: { message: 'Précisez les missions de la deuxième année.' },
      allowed: review,
      forbidden: created,
      to: 3,
      bad: { body: { message: '' }, field: 'message', message: 'field.required' },
    },
    {
      action: 'document-review',
      body: { document: 'cvec', decision: 'valid' },
      allowed: withCvec,
      forbidden: created,
      to: 1,
      bad: { body: { document: 'cvec', decision: 'rejected', reason: '' }, field: 'reason', message: 'field.required' },
    },
    {
      action: 'signed',
      body: { signedOn: '2026-08-20' },
      allowed: prepared,
      forbidden: bothSent,
      to: 8,
      bad: { body: { signedOn: '20/08/2026' }, field: 'signedOn' },
    },
    {
      action: 'filed',
      body: { filedOn: '2026-08-25' },
      allowed: signed,
      forbidden: prepared,
      to: 10,
      bad: { body: {}, field: 'filedOn' },
    },
    {
      action: 'registered',
      body: { decaNumber: '075202608NC0042' },
      allowed: filed,
      forbidden: signed,
      to: 11,
      bad: { body: { decaNumber: '075 2026/08' }, field: 'decaNumber', message: 'staff.deca_format' },
    },
    {
      action: 'archive',
      body: { reason: 'Sans nouvelles de l’employeur depuis deux mois.' },
      allowed: review,
      forbidden: archived,
      to: 9,
      bad: { body: { reason: '' }, field: 'reason', message: 'field.required' },
    },
    {
      action: 'reopen',
      body: {},
      allowed: archived,
      forbidden: review,
      to: 3,
      // An unexpected field is the form's error (the web app reloads), not one field's.
      bad: { body: { statut: 3 }, field: 'body' },
    },
    {
      action: 'breaking',
      body: { date: '2027-01-31', reason: 'Rupture à l’initiative de l’apprenti.' },
      allowed: signed,
      forbidden: prepared,
      to: 12,
      bad: { body: { date: '2027-01-31', reason: '' }, field: 'reason', message: 'field.required' },
    },
    {
      action: 'broken',
      body: { date: '2027-01-31', reason: 'Rupture d’un commun accord.' },
      allowed: signed,
      forbidden: prepared,
      to: 13,
      bad: { body: { date: '31/01/2027', reason: 'Rupture' }, field: 'date' },
    },
  ];

  describe.each(actions)('POST /api/staff/dossiers/:id/$action', ({ action, body, allowed, forbidden, to, bad }) => {
    const url = (id: number) => `/api/staff/dossiers/${id}/${action}`;

    it('answers 401 anonymous, 403 to the applicant and the employer, 404 for an unknown case', async () => {
      const c = await allowed();
      const before = await stateOf(c.id);
      expect((await call(undefined, 'POST', url(c.id), body)).statusCode).toBe(401);
      expect((await call(c.applicant, 'POST', url(c.id), body)).statusCode).toBe(403);
      expect((await call(c.employer, 'POST', url(c.id), body)).statusCode).toBe(403);
      expect((await call(staff, 'POST', url(2_000_000), body)).statusCode).toBe(404);
      expect(await stateOf(c.id)).toEqual(before);
    });

    it('answers 200 with the new state to staff and to admins', async () => {
      for (const caller of [staff, admin]) {
        const c = await allowed();
        const response = await call(caller, 'POST', url(c.id), body);
        expect(response.statusCode, response.body).toBe(200);
        const state = response.json<DossierStateResponse>();
        expect(state).toMatchObject({ id: c.id, dossierStatut: to });
        expect(await stateOf(c.id)).toMatchObject({ statut: to });
      }
    });

    it('answers 409 when the case’s state forbids it, and changes nothing', async () => {
      const c = await forbidden();
      const before = await stateOf(c.id);
      const response = await call(staff, 'POST', url(c.id), body);
      expect(response.statusCode).toBe(409);
      expect(['CONFLICT', 'ARCHIVED']).toContain(response.json<ErrorBody>().code);
      expect(await stateOf(c.id)).toEqual(before);
    });

    it('answers 400 with the field’s error on a bad body', async () => {
      const c = await created();
      const response = await call(staff, 'POST', url(c.id), bad.body);
      expect(response.statusCode).toBe(400);
      const errors = response.json<ErrorBody>().errors ?? {};
      expect(Object.keys(errors)).toContain(bad.field);
      if (bad.message) expect(errors[bad.field]).toEqual([bad.message]);
    });
  });

  describe('returning a sheet to its author', () => {
    const message = 'Le salaire indiqué est sous le minimum légal : merci de le corriger.';

    it('returns the employer first contact with a message; the employer re-sends it and the review is back', async () => {
      const c = await review();
      const returned = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/return`, { sheet: 'f1ce', message });
      expect(returned.json<DossierStateResponse>()).toMatchObject({ dossierStatut: 2 });
      expect(await stateOf(c.id)).toEqual({ statut: 2, steps: { f1ca: 2, f1ce: 5 } });

      const sheet = (await call(c.employer, 'GET', `/api/employeurs/fiche-premier-contact/${c.id}`)).json<SheetResponse>();
      expect(sheet.statusNote).toMatchObject({ kind: 'returned', reason: message });
      expect(sheet.readOnly).toBe(false);
      expect(sheet.status).toBe('draft');
      expect(sheet.etapeStatus).toContainEqual({ type: 'f1ce', status: 5 });
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'sheet.returned')));
      expect(entry?.details).toMatchObject({ kind: 'f1ce', reason: message, statut: { from: 3, to: 2 }, steps: { f1ce: 5 } });
      expect(entry?.actorUserId).toBe(staff.id);

      const resent = await call(c.employer, 'POST', `/api/employeurs/fiche-premier-contact/${c.id}/submit`, f1ceBody);
      expect(resent.statusCode).toBe(200);
      expect(resent.json<SheetResponse>()).toMatchObject({ statusNote: null, readOnly: true, status: 'submitted' });
      expect(await stateOf(c.id)).toEqual({ statut: 3, steps: { f1ca: 2, f1ce: 2 } });
      // Returned once, the sheet is not returned twice before its author sends it again: then it may be.
      expect((await detail(c.id)).returnableSheets).toEqual(['f1ca', 'f1ce']);
    });

    it('returns the applicant first contact at review to status 1; its re-send comes back to 3 without a new invitation', async () => {
      const c = await review();
      const invitations = async () =>
        (await db.select().from(auditLog).where(and(eq(auditLog.dossierId, c.id), eq(auditLog.action, 'employer.invited'))))
          .length;
      expect(await invitations()).toBe(1);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/return`, { sheet: 'f1ca', message });
      expect(await stateOf(c.id)).toEqual({ statut: 1, steps: { f1ca: 5, f1ce: 2 } });
      expect((await detail(c.id)).allowedActions).not.toContain('first-contact');
      // Sent once, the case is not the applicant's to delete any more.
      expect((await call(c.applicant, 'DELETE', `/api/admissibles/dossiers/${c.id}`)).statusCode).toBe(409);

      const sheet = (await call(c.applicant, 'GET', `/api/admissibles/fiche-premier-contact/${c.id}`)).json<SheetResponse>();
      expect(sheet).toMatchObject({ statusNote: { kind: 'returned', reason: message }, readOnly: false });
      await ok(c.applicant, 'POST', `/api/admissibles/fiche-premier-contact/${c.id}/submit`, sheet.data);
      expect(await stateOf(c.id)).toEqual({ statut: 3, steps: { f1ca: 2, f1ce: 2 } });
      expect(await invitations()).toBe(1);
    });

    it('returns the applicant part of a complete information sheet; the contract waits until it is sent again', async () => {
      const c = await bothSent();
      expect((await detail(c.id)).returnableSheets).toEqual(['fra', 'fre']);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/return`, { sheet: 'fra', message });
      expect((await stateOf(c.id)).steps).toMatchObject({ fra: 5, fre: 2, cfa: 1 });
      expect((await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`)).statusCode).toBe(409);
      expect((await detail(c.id)).allowedActions).not.toContain('contract-prepared');

      const fra = (await call(c.applicant, 'GET', `/api/admissibles/fiche-renseignement/${c.id}`)).json<SheetResponse>();
      expect(fra).toMatchObject({ statusNote: { kind: 'returned', reason: message }, readOnly: false, status: 'draft' });
      const fre = (await call(c.employer, 'GET', `/api/employeurs/fiche-renseignement/${c.id}`)).json<SheetResponse>();
      expect(fre).toMatchObject({ statusNote: null, readOnly: true, status: 'submitted' });

      await ok(c.applicant, 'POST', `/api/admissibles/fiche-renseignement/${c.id}/send`, fraBody());
      expect(await stateOf(c.id)).toMatchObject({ statut: 7, steps: { fra: 3, fre: 3, cfa: 2 } });
      expect((await call(staff, 'POST', `/api/staff/dossiers/${c.id}/contract-prepared`)).statusCode).toBe(200);
    });

    it('asks the employer to complete the missions: the sheet shows the message until it is sent again', async () => {
      const c = await review();
      const missionsUrl = `/api/employeurs/modification-missions/${c.id}`;
      const missions = { missions: { description: 'Pipelines de données et tableaux de bord.' } };
      const before = (await call(c.employer, 'GET', missionsUrl)).json<SheetResponse>();
      expect(before.statusNote).toBeNull();

      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/missions-complement`, { message });
      const asked = (await call(c.employer, 'GET', missionsUrl)).json<SheetResponse>();
      expect(asked).toMatchObject({ statusNote: { kind: 'returned', reason: message }, readOnly: false });
      expect(await stateOf(c.id)).toMatchObject({ statut: 3 });

      const sent = await call(c.employer, 'POST', `${missionsUrl}/submit`, missions);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<SheetResponse>().statusNote).toBeNull();
      expect((await detail(c.id)).returnableSheets).toContain('missions');

      // Sent, it can be returned: a draft again, with the message.
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/return`, { sheet: 'missions', message: 'Ajoutez le lieu.' });
      const [row] = await db.select().from(sheets).where(and(eq(sheets.dossierId, c.id), eq(sheets.kind, 'missions')));
      expect(row?.status).toBe('draft');
      const returned = (await call(c.employer, 'GET', missionsUrl)).json<SheetResponse>();
      expect(returned).toMatchObject({ statusNote: { kind: 'returned', reason: 'Ajoutez le lieu.' }, readOnly: false });
    });
  });

  describe('reviewing the applicant’s documents', () => {
    it('validates the CVEC certificate, which the applicant sees; a rejection gives the reason', async () => {
      const c = await withCvec();
      const infos = async () =>
        (await call(c.applicant, 'GET', '/api/admissibles/portal/infos')).json<PortalInfos>().documents;
      expect((await infos()).cvec.isValid).toBe(false);
      expect((await detail(c.id)).allowedActions).toContain('document-review');

      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/document-review`, { document: 'cvec', decision: 'valid' });
      expect((await infos()).cvec.isValid).toBe(true);
      expect((await detail(c.id)).applicantDocuments.cvec).toMatchObject({
        isValid: true,
        rejectedReason: null,
        number: 'ABC1 234567 89',
      });

      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/document-review`, {
        document: 'cvec',
        decision: 'rejected',
        reason: 'Le certificat est celui de l’an dernier.',
      });
      expect((await infos()).cvec.isValid).toBe(false);
      const documents = (await detail(c.id)).applicantDocuments;
      expect(documents.cvec).toMatchObject({ isValid: false, rejectedReason: 'Le certificat est celui de l’an dernier.' });
      expect(documents.cvec.url).toMatch(/^\/api\/files\//);
      expect(documents.attestationBac).toEqual({ url: null, isValid: false, rejectedReason: null });
      const entries = await db.select().from(auditLog).where(eq(auditLog.dossierId, c.id));
      expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['document.validated', 'document.rejected']));
    });

    it('answers 409 for a document the applicant has not uploaded', async () => {
      const c = await withCvec();
      const response = await call(staff, 'POST', `/api/staff/dossiers/${c.id}/document-review`, {
        document: 'attestationBac',
        decision: 'valid',
      });
      expect(response.statusCode).toBe(409);
    });
  });

  describe('archiving and the later life of the contract', () => {
    it('archives a case and reopens it to the status it had, steps unchanged', async () => {
      const c = await review();
      const before = await stateOf(c.id);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/archive`, { reason: 'Sans nouvelles' });
      expect(await stateOf(c.id)).toEqual({ ...before, statut: 9 });
      const archivedDetail = await detail(c.id);
      expect(archivedDetail.allowedActions).toEqual(['reopen']);
      expect(archivedDetail.events.at(-1)).toMatchObject({ type: 'dossier.archived', details: { reason: 'Sans nouvelles' } });
      // The author's sheet says why.
      const sheet = (await call(c.employer, 'GET', `/api/employeurs/fiche-premier-contact/${c.id}`)).json<SheetResponse>();
      expect(sheet.statusNote).toMatchObject({ kind: 'archived', reason: 'Sans nouvelles' });
      expect((await call(staff, 'POST', `/api/staff/dossiers/${c.id}/return`, { sheet: 'f1ce', message: 'x' })).json<ErrorBody>().code).toBe(
        'ARCHIVED',
      );

      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/reopen`, {});
      expect(await stateOf(c.id)).toEqual(before);
      expect((await detail(c.id)).allowedActions).toContain('first-contact');
    });

    it('walks a signed contract to filed, registered, breaking and broken, with what was given in the audit trail', async () => {
      const c = await signed();
      expect(await stateOf(c.id)).toMatchObject({
        statut: 8,
        steps: { cfa: 3, signature_admissible: 3, signature_employeur: 3, signature_ecole: 3 },
      });
      expect((await detail(c.id)).allowedActions).toEqual(['filed', 'archive', 'breaking', 'broken']);
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/filed`, { filedOn: '2026-08-25' });
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/registered`, { decaNumber: '075202608NC0042' });
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/breaking`, { date: '2027-01-31', reason: 'Démission' });
      await ok(staff, 'POST', `/api/staff/dossiers/${c.id}/broken`, { date: '2027-02-15', reason: 'Démission' });
      expect((await stateOf(c.id)).statut).toBe(13);
      const events = (await detail(c.id)).events;
      expect(events.find((event) => event.type === 'contract.registered')?.details).toMatchObject({ decaNumber: '075202608NC0042' });
      expect(events.find((event) => event.type === 'contract.broken')?.details).toMatchObject({
        date: '2027-02-15',
        statut: { from: 12, to: 13 },
      });
      expect((await detail(c.id)).allowedActions).toEqual(['archive']);
    });
  });
});
