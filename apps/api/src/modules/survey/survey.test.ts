import type {
  BulkSurveyInvitationResponse,
  CaseSurveysResponse,
  ErrorBody,
  StaffSurveyResultsResponse,
  SurveyResponse,
  UserType,
} from '@passerelle/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import {
  companies,
  companyUsers,
  dossierSteps,
  dossiers,
  mailOutbox,
  surveyAnswers,
  surveyInvitations,
} from '../../db/schema/index.ts';

/**
 * The closing survey (issue 11, "Survey"): who may answer, the pages saved as the person goes, one answer per person
 * and step, completion, the staff's results and CSV, and the invitation mailed when a case is signed.
 */
describe('survey API', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  let seq = 0;

  interface Caller {
    id: number;
    email: string;
    name: string;
    headers: { authorization: string };
  }

  async function createUser(userType: UserType, lang = 'fr-FR'): Promise<Caller> {
    seq += 1;
    const email = `survey-${seq}@example.test`;
    const user = await createCaller(app, userType, email, { prenom: 'Léa', nom: `Survey${seq}`, lang });
    return { ...user, email, name: `Léa Survey${seq}` };
  }

  /** A case of a new applicant and company (one company user), at `statut`, its contract prepared. */
  async function createCase(statut = 8) {
    const applicant = await createUser('admissible');
    const employer = await createUser('company', 'en-US');
    const [company] = await db
      .insert(companies)
      .values({ name: `Survey Co ${seq}` })
      .returning();
    if (!company) throw new Error('company not created');
    await db.insert(companyUsers).values({ companyId: company.id, userId: employer.id });
    const [dossier] = await db
      .insert(dossiers)
      .values({ admissibleUserId: applicant.id, companyId: company.id, dossierStatut: statut })
      .returning();
    if (!dossier) throw new Error('dossier not created');
    const steps = ['f1ca', 'f1ce', 'modalites_re', 'fra', 'fre', 'cfa'].map((type) => ({
      dossierId: dossier.id,
      type,
      status: 3,
    }));
    await db.insert(dossierSteps).values(steps);
    return { id: dossier.id, applicant, employer };
  }

  const call = (caller: Caller | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  const staff = await createUser('staff');
  const admin = await createUser('admin');

  /** Staff send a step's link to a case (the way a later step opens). */
  async function sendStep(dossierId: number, etape: string) {
    const res = await call(staff, 'POST', `/api/staff/dossiers/${dossierId}/survey-invitations`, { etape });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CaseSurveysResponse>();
  }

  /** The survey mails queued for a case's step, by recipient. */
  async function surveyMails(dossierId: number, etape: string) {
    return db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.textBody, `%/sondage/${etape}/${dossierId}?%`));
  }

  it('lets the applicant and the company users in, and nobody else', async () => {
    const dossier = await createCase();
    const other = await createCase();
    const url = `/api/sondage/signature/${dossier.id}`;
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await call(undefined, 'PUT', url, { page: 1, answers: {} })).statusCode).toBe(401);
    for (const person of [dossier.applicant, dossier.employer]) {
      const res = await call(person, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json<SurveyResponse>()).toEqual({
        etape: 'signature',
        dossierId: dossier.id,
        page: 0,
        answers: {},
        completed: false,
        completedAt: null,
      });
    }
    // Another case's parties: 404, as for any dossier they are no party to.
    for (const person of [other.applicant, other.employer]) {
      expect((await call(person, 'GET', url)).statusCode).toBe(404);
      expect((await call(person, 'PUT', url, { page: 1, answers: {} })).statusCode).toBe(404);
    }
    // Staff read the results; they do not answer.
    for (const person of [staff, admin, await createUser('student')]) {
      expect((await call(person, 'GET', url)).json<ErrorBody>().code).toBe('FORBIDDEN');
      expect((await call(person, 'PUT', url, { page: 1, answers: {} })).statusCode).toBe(403);
    }
    expect((await call(dossier.applicant, 'GET', '/api/sondage/signature/999999')).statusCode).toBe(404);
    expect((await call(dossier.applicant, 'GET', `/api/sondage/inconnue/${dossier.id}`)).statusCode).toBe(400);
  });

  it('opens the signature survey once the case is signed; other steps once staff send their link', async () => {
    const dossier = await createCase(7);
    const res = await call(dossier.applicant, 'GET', `/api/sondage/signature/${dossier.id}`);
    expect(res.statusCode).toBe(409);
    expect(
      (await call(dossier.applicant, 'PUT', `/api/sondage/signature/${dossier.id}`, { page: 1, answers: {} }))
        .statusCode,
    ).toBe(409);
    const signed = await createCase(8);
    for (const person of [signed.applicant, signed.employer]) {
      const notSent = await call(person, 'GET', `/api/sondage/integration/${signed.id}`);
      expect(notSent.statusCode).toBe(409);
      expect(notSent.json<ErrorBody>()).toMatchObject({
        code: 'CONFLICT',
        message: 'This survey is not open for this case',
      });
      expect(
        (await call(person, 'PUT', `/api/sondage/fin_contrat/${signed.id}`, { page: 1, answers: {} })).statusCode,
      ).toBe(409);
    }
    await sendStep(signed.id, 'integration');
    expect((await call(signed.employer, 'GET', `/api/sondage/integration/${signed.id}`)).statusCode).toBe(200);
    expect((await call(signed.applicant, 'GET', `/api/sondage/fin_contrat/${signed.id}`)).statusCode).toBe(409);
    // Sent to one case only.
    expect((await call(dossier.applicant, 'GET', `/api/sondage/integration/${dossier.id}`)).statusCode).toBe(409);
  });

  it('refuses a page outside 1 to 3, unknown questions and wrong answers, field by field', async () => {
    const dossier = await createCase();
    const url = `/api/sondage/signature/${dossier.id}`;
    for (const page of [0, 4, -1, 1.5, '1']) {
      const res = await call(dossier.applicant, 'PUT', url, { page, answers: {} });
      expect(res.statusCode, `page ${String(page)}`).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().errors ?? {})).toEqual(['page']);
    }
    const res = await call(dossier.applicant, 'PUT', url, {
      page: 1,
      answers: { information_clarte: 6, delais: 'jamais', inconnue: 1, points_forts: 'page 3' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().errors ?? {}).sort()).toEqual(
      ['answers.delais', 'answers.information_clarte', 'answers.inconnue', 'answers.points_forts'].sort(),
    );
    const tooLong = await call(dossier.applicant, 'PUT', url, {
      page: 3,
      answers: { ameliorations: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await call(dossier.applicant, 'PUT', url, { page: 1, answers: [] })).statusCode).toBe(400);
    expect((await call(dossier.applicant, 'PUT', url, { page: 1 })).statusCode).toBe(400);
    expect(await db.select().from(surveyAnswers).where(eq(surveyAnswers.dossierId, dossier.id))).toEqual([]);
  });

  it('saves page by page into one row per person and step, then completes on page 3 and stays final', async () => {
    const dossier = await createCase();
    const url = `/api/sondage/signature/${dossier.id}`;
    const page1 = await call(dossier.applicant, 'PUT', url, {
      page: 1,
      answers: { information_clarte: 4, portail_facilite: 5, delais: 'corrects' },
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json<SurveyResponse>()).toMatchObject({ page: 1, completed: false });
    // Back to page 1 and changed: merged; null clears an answer.
    await call(dossier.applicant, 'PUT', url, { page: 1, answers: { information_clarte: 3, portail_facilite: null } });
    await call(dossier.applicant, 'PUT', url, { page: 2, answers: { accompagnement: 5, recommandation: 'oui' } });
    const read = (await call(dossier.applicant, 'GET', url)).json<SurveyResponse>();
    expect(read).toMatchObject({
      page: 2,
      completed: false,
      answers: { information_clarte: 3, delais: 'corrects', accompagnement: 5, recommandation: 'oui' },
    });
    expect(read.answers).not.toHaveProperty('portail_facilite');
    // The employer's answer is its own.
    await call(dossier.employer, 'PUT', url, { page: 1, answers: { information_clarte: 1 } });
    expect((await call(dossier.employer, 'GET', url)).json<SurveyResponse>().answers).toEqual({
      information_clarte: 1,
    });

    const done = await call(dossier.applicant, 'PUT', url, {
      page: 3,
      answers: { points_forts: '  Un suivi clair.  ' },
    });
    expect(done.statusCode).toBe(200);
    const body = done.json<SurveyResponse>();
    expect(body).toMatchObject({ page: 3, completed: true, answers: { points_forts: 'Un suivi clair.' } });
    expect(body.completedAt).not.toBeNull();
    const again = await call(dossier.applicant, 'PUT', url, { page: 1, answers: { information_clarte: 1 } });
    expect(again.json<ErrorBody>().code).toBe('LOCKED');

    const rows = await db.select().from(surveyAnswers).where(eq(surveyAnswers.dossierId, dossier.id));
    expect(rows.map((r) => [r.userId, r.etape, r.respondent, r.page, r.completedAt !== null]).sort()).toEqual(
      [
        [dossier.applicant.id, 'signature', 'admissible', 3, true],
        [dossier.employer.id, 'signature', 'company', 1, false],
      ].sort(),
    );
    // Another step is another answer.
    await sendStep(dossier.id, 'integration');
    await call(dossier.applicant, 'PUT', `/api/sondage/integration/${dossier.id}`, {
      page: 1,
      answers: { delais: 'rapides' },
    });
    expect(
      await db
        .select()
        .from(surveyAnswers)
        .where(and(eq(surveyAnswers.dossierId, dossier.id), eq(surveyAnswers.userId, dossier.applicant.id))),
    ).toHaveLength(2);
  });

  it('gives staff the results per question and a CSV a French spreadsheet opens', async () => {
    const a = await createCase();
    const b = await createCase();
    await sendStep(a.id, 'fin_contrat');
    await sendStep(b.id, 'fin_contrat');
    await call(a.applicant, 'PUT', `/api/sondage/fin_contrat/${a.id}`, {
      page: 1,
      answers: { information_clarte: 4, delais: 'rapides' },
    });
    await call(a.applicant, 'PUT', `/api/sondage/fin_contrat/${a.id}`, {
      page: 3,
      answers: { points_forts: '=SUM(A1); "très" bien' },
    });
    await call(b.employer, 'PUT', `/api/sondage/fin_contrat/${b.id}`, {
      page: 1,
      answers: { information_clarte: 5, delais: 'rapides' },
    });

    for (const person of [a.applicant, a.employer]) {
      expect((await call(person, 'GET', '/api/staff/surveys?etape=fin_contrat')).statusCode).toBe(403);
      expect((await call(person, 'GET', '/api/staff/exports/surveys.csv?etape=fin_contrat')).statusCode).toBe(403);
    }
    expect((await call(staff, 'GET', '/api/staff/surveys?etape=nope')).statusCode).toBe(400);

    const res = await call(staff, 'GET', '/api/staff/surveys?etape=fin_contrat');
    expect(res.statusCode).toBe(200);
    const results = res.json<StaffSurveyResultsResponse>();
    expect(results).toMatchObject({ etape: 'fin_contrat', respondents: 2, completed: 1 });
    expect(results.sentCases).toBeGreaterThanOrEqual(2);
    expect(results.signedCases).toBeGreaterThanOrEqual(results.sentCases);
    const byId = new Map(results.questions.map((q) => [q.id, q]));
    expect(byId.get('information_clarte')).toMatchObject({ answered: 2, average: 4.5 });
    expect(byId.get('information_clarte')?.counts).toContainEqual({ value: '5', count: 1 });
    expect(byId.get('delais')?.counts).toEqual([
      { value: 'rapides', count: 2 },
      { value: 'corrects', count: 0 },
      { value: 'trop_longs', count: 0 },
    ]);
    expect(byId.get('points_forts')).toMatchObject({ answered: 1, texts: ['=SUM(A1); "très" bien'] });
    expect(byId.get('accompagnement')).toMatchObject({ answered: 0, average: null });

    const csv = await call(admin, 'GET', '/api/staff/exports/surveys.csv?etape=fin_contrat');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('sondage-fin_contrat.csv');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Dossier;Étape;Répondant;Commencé le;Terminé le;information_clarte;portail_facilite;delais;accompagnement;signature_facilite;recommandation;points_forts;ameliorations',
    );
    expect(lines).toHaveLength(3);
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(lines[1]).toBe(`${a.id};fin_contrat;Apprenti;${today};${today};4;;rapides;;;;"'=SUM(A1); ""très"" bien";`);
    expect(lines[2]).toBe(`${b.id};fin_contrat;Entreprise;${today};;5;;rapides;;;;;`);
  });

  it('mails the applicant and the company users a personal link when staff mark the case signed', async () => {
    const dossier = await createCase(7);
    const res = await call(staff, 'POST', `/api/staff/dossiers/${dossier.id}/signed`, { signedOn: '2026-08-20' });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.textBody, `%/sondage/signature/${dossier.id}?%`));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([dossier.applicant.email, dossier.employer.email].sort());
    const toApplicant = mails.find((m) => m.toAddress === dossier.applicant.email);
    const toEmployer = mails.find((m) => m.toAddress === dossier.employer.email);
    expect(toApplicant?.subject).toContain('Trois minutes');
    expect(toEmployer?.subject).toContain('Three minutes');
    expect(toEmployer?.subject).toContain(`Léa Survey${seq - 1}`);
    expect(toApplicant?.textBody).toMatch(/\/sondage\/signature\/\d+\?t=/);
    // The survey is open now, and its sending recorded (by the product: no staff member).
    expect((await call(dossier.applicant, 'GET', `/api/sondage/signature/${dossier.id}`)).statusCode).toBe(200);
    const [invitation] = await db.select().from(surveyInvitations).where(eq(surveyInvitations.dossierId, dossier.id));
    expect(invitation).toMatchObject({ etape: 'signature', sentBy: null, timesSent: 1 });
  });

  it('lets staff send a step to a signed case, then again as a reminder, and shows who answered', async () => {
    const dossier = await createCase();
    const other = await createCase();
    const url = `/api/staff/dossiers/${dossier.id}/survey-invitations`;
    expect((await call(undefined, 'POST', url, { etape: 'integration' })).statusCode).toBe(401);
    expect((await call(undefined, 'GET', `/api/staff/dossiers/${dossier.id}/surveys`)).statusCode).toBe(401);
    for (const person of [dossier.applicant, dossier.employer, other.applicant, other.employer]) {
      expect((await call(person, 'POST', url, { etape: 'integration' })).statusCode).toBe(403);
      expect((await call(person, 'GET', `/api/staff/dossiers/${dossier.id}/surveys`)).statusCode).toBe(403);
    }
    expect(
      (await call(staff, 'POST', '/api/staff/dossiers/999999/survey-invitations', { etape: 'integration' })).statusCode,
    ).toBe(404);
    expect((await call(staff, 'GET', '/api/staff/dossiers/999999/surveys')).statusCode).toBe(404);
    const unknownStep = await call(staff, 'POST', url, { etape: 'vacances' });
    expect(unknownStep.statusCode).toBe(400);
    expect(Object.keys(unknownStep.json<ErrorBody>().errors ?? {})).toEqual(['etape']);
    expect(await surveyMails(dossier.id, 'integration')).toEqual([]);

    const before = (await call(admin, 'GET', `/api/staff/dossiers/${dossier.id}/surveys`)).json<CaseSurveysResponse>();
    expect(before).toMatchObject({ dossierId: dossier.id, signed: true });
    expect(before.steps.map((step) => [step.etape, step.open, step.invitation])).toEqual([
      ['signature', true, null],
      ['integration', false, null],
      ['fin_contrat', false, null],
    ]);

    const sent = await sendStep(dossier.id, 'integration');
    const integration = sent.steps.find((step) => step.etape === 'integration');
    expect(integration).toMatchObject({ open: true, invitation: { timesSent: 1 }, respondents: [] });
    const mails = await surveyMails(dossier.id, 'integration');
    expect(mails.map((m) => m.toAddress).sort()).toEqual([dossier.applicant.email, dossier.employer.email].sort());
    // Each in their language: the applicant in French, the employer in English, about the onboarding.
    expect(mails.find((m) => m.toAddress === dossier.applicant.email)?.textBody).toContain(
      "s'est passée l'intégration",
    );
    expect(mails.find((m) => m.toAddress === dossier.employer.email)?.textBody).toContain('how the onboarding went');
    expect(await surveyMails(other.id, 'integration')).toEqual([]);

    // The employer answers page 1; the applicant finishes.
    await call(dossier.employer, 'PUT', `/api/sondage/integration/${dossier.id}`, { page: 1, answers: {} });
    for (const page of [1, 2, 3])
      await call(dossier.applicant, 'PUT', `/api/sondage/integration/${dossier.id}`, { page, answers: {} });

    const again = await sendStep(dossier.id, 'integration');
    const resent = again.steps.find((step) => step.etape === 'integration');
    expect(resent?.invitation?.timesSent).toBe(2);
    expect(resent?.invitation?.firstSentAt).toBe(integration?.invitation?.firstSentAt);
    expect(resent?.respondents.map((r) => [r.respondent, r.name, r.page, r.completedAt !== null]).sort()).toEqual(
      [
        ['admissible', dossier.applicant.name, 3, true],
        ['company', dossier.employer.name, 1, false],
      ].sort(),
    );
    expect(await surveyMails(dossier.id, 'integration')).toHaveLength(4);
    const [row] = await db
      .select()
      .from(surveyInvitations)
      .where(and(eq(surveyInvitations.dossierId, dossier.id), eq(surveyInvitations.etape, 'integration')));
    expect(row).toMatchObject({ sentBy: staff.id, timesSent: 2 });
  });

  it('refuses to send a step to a case not signed yet, with a message', async () => {
    const dossier = await createCase(7);
    const res = await call(staff, 'POST', `/api/staff/dossiers/${dossier.id}/survey-invitations`, {
      etape: 'integration',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'CONFLICT',
      message: 'Survey links are sent once the contract is signed',
    });
    expect(await surveyMails(dossier.id, 'integration')).toEqual([]);
    const state = (await call(staff, 'GET', `/api/staff/dossiers/${dossier.id}/surveys`)).json<CaseSurveysResponse>();
    expect(state.signed).toBe(false);
    expect(state.steps.every((step) => !step.open)).toBe(true);
  });

  it('sends a step to every signed case not sent it yet, then to all of them on demand', async () => {
    const url = '/api/staff/surveys/invitations';
    expect((await call(undefined, 'POST', url, { etape: 'fin_contrat' })).statusCode).toBe(401);
    const signedA = await createCase(8);
    const signedB = await createCase(11);
    const notSigned = await createCase(6);
    for (const person of [signedA.applicant, signedA.employer])
      expect((await call(person, 'POST', url, { etape: 'fin_contrat' })).statusCode).toBe(403);
    expect((await call(staff, 'POST', url, { etape: 'fin_contrat', onlyNew: 'yes' })).statusCode).toBe(400);
    await sendStep(signedA.id, 'fin_contrat');

    const signedIds = (
      await db
        .select({ id: dossiers.id })
        .from(dossiers)
        .where(inArray(dossiers.dossierStatut, [8, 10, 11, 12, 13]))
    ).map((d) => d.id);
    const alreadySent = (
      await db
        .select({ id: surveyInvitations.dossierId })
        .from(surveyInvitations)
        .where(eq(surveyInvitations.etape, 'fin_contrat'))
    ).map((d) => d.id);
    const before = (
      await call(staff, 'GET', '/api/staff/surveys?etape=fin_contrat')
    ).json<StaffSurveyResultsResponse>();
    expect(before).toMatchObject({ signedCases: signedIds.length, sentCases: alreadySent.length });

    const first = await call(staff, 'POST', url, { etape: 'fin_contrat' });
    expect(first.statusCode, first.body).toBe(200);
    const newCount = signedIds.length - alreadySent.length;
    // Each case of this file has an applicant and one company user: two mails a case.
    expect(first.json<BulkSurveyInvitationResponse>()).toEqual({ cases: newCount, mails: newCount * 2 });
    expect(await surveyMails(signedB.id, 'fin_contrat')).toHaveLength(2);
    expect(await surveyMails(signedA.id, 'fin_contrat')).toHaveLength(2);
    expect(await surveyMails(notSigned.id, 'fin_contrat')).toEqual([]);
    expect((await call(signedB.employer, 'GET', `/api/sondage/fin_contrat/${signedB.id}`)).statusCode).toBe(200);
    expect((await call(notSigned.applicant, 'GET', `/api/sondage/fin_contrat/${notSigned.id}`)).statusCode).toBe(409);

    // Nothing new: nobody is mailed twice.
    expect((await call(staff, 'POST', url, { etape: 'fin_contrat' })).json<BulkSurveyInvitationResponse>()).toEqual({
      cases: 0,
      mails: 0,
    });
    const after = (await call(staff, 'GET', '/api/staff/surveys?etape=fin_contrat')).json<StaffSurveyResultsResponse>();
    expect(after).toMatchObject({ signedCases: signedIds.length, sentCases: signedIds.length });

    // Every signed case again: a reminder.
    const all = await call(admin, 'POST', url, { etape: 'fin_contrat', onlyNew: false });
    expect(all.json<BulkSurveyInvitationResponse>()).toEqual({ cases: signedIds.length, mails: signedIds.length * 2 });
    const rows = await db
      .select()
      .from(surveyInvitations)
      .where(
        and(eq(surveyInvitations.etape, 'fin_contrat'), inArray(surveyInvitations.dossierId, [signedA.id, signedB.id])),
      );
    expect(rows.map((r) => [r.dossierId, r.timesSent]).sort()).toEqual(
      [
        [signedA.id, 2],
        [signedB.id, 2],
      ].sort(),
    );
  });
});
