import type { EmployerDossier, ErrorBody } from '@passerelle/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFormation } from '../../../test/case-fixtures.ts';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import {
  admissibles,
  auditLog,
  companies,
  companyUsers,
  dossierSteps,
  dossiers,
  mailOutbox,
  sheets,
  users,
} from '../../db/schema/index.ts';

/**
 * What an applicant's first-contact sheet can make the portal do to others: who it links to a company, whom it mails,
 * what the mail says, and how often (issue 8). Small limits so that each is reached in a few requests.
 */
describe('employer invitations from the applicant first contact', async () => {
  const { app } = await createTestApp({
    APPLICANT_MAX_OPEN_DOSSIERS: 2,
    APPLICANT_INVITATIONS_PER_DAY: 4,
    APPLICANT_INVITATIONS_TOTAL: 5,
  });
  const db = app.db;
  let seq = 0;

  const { formationId } = await createFormation(app, 'ESILV', {
    libelle: 'Cycle ingénieur',
    rncp: null,
    codeDiplome: null,
    hours: null,
  });

  async function createUser(userType: 'admissible' | 'company', email = `invite-${++seq}@example.test`) {
    const [user] = await db
      .insert(users)
      .values({ email, userType, prenom: 'Camille', nom: `Account${seq}` })
      .returning();
    if (!user) throw new Error('user not created');
    if (userType === 'admissible')
      await db.insert(admissibles).values({ userId: user.id, formationId, contractType: 'APP' });
    const token = await accessTokenFor(app, { id: user.id, userType });
    return { id: user.id, nom: user.nom, headers: { authorization: `Bearer ${token}` } };
  }
  type Caller = Awaited<ReturnType<typeof createUser>>;

  const f1ca = (contactEmail: string, typed: { denomination?: string; intitulePoste?: string } = {}) => ({
    apprenti: {
      nom: 'Martin',
      prenom: 'Léo',
      sexe: 'M',
      dateNaissance: '2004-05-10',
      courriel: 'leo@example.test',
      telephone: '0612345678',
    },
    employeur: { denomination: typed.denomination ?? 'Data Conseil' },
    contacts: { contactEntreprise: { nom: 'Durand', prenom: 'Claire', courriel: contactEmail, langue: 'fr-FR' } },
    contrat: { intitulePoste: typed.intitulePoste ?? 'Data engineer apprenti' },
  });

  const newDossier = (applicant: Caller) =>
    app.inject({ method: 'POST', url: '/api/admissibles/dossiers', headers: applicant.headers });
  async function dossierOf(applicant: Caller): Promise<number> {
    const response = await newDossier(applicant);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }
  const submit = (applicant: Caller, id: number, body: object) =>
    app.inject({
      method: 'POST',
      url: `/api/admissibles/fiche-premier-contact/${id}/submit`,
      headers: applicant.headers,
      payload: body,
    });
  const mailsTo = (address: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
  const companyOf = async (id: number) => (await db.select().from(dossiers).where(eq(dossiers.id, id)))[0]?.companyId;
  /** Staff sent the applicant's first contact back (SPEC 4: step 5, to do again): the sheet is open once more. */
  async function sendBack(id: number) {
    await db
      .update(sheets)
      .set({ status: 'draft', submittedAt: null })
      .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'f1ca')));
    await db
      .update(dossierSteps)
      .set({ status: 5 })
      .where(and(eq(dossierSteps.dossierId, id), eq(dossierSteps.type, 'f1ca')));
    await db.update(dossiers).set({ dossierStatut: 1 }).where(eq(dossiers.id, id));
  }
  /** The dossier is refused: it no longer counts among the applicant's open ones. */
  const closeDossier = (id: number) => db.update(dossiers).set({ dossierStatut: 6 }).where(eq(dossiers.id, id));

  describe('a first contact sent again on a dossier that has a company', () => {
    it('links and mails no new address, keeps the company and its people, and still reaches a member', async () => {
      const applicant = await createUser('admissible');
      const id = await dossierOf(applicant);
      expect((await submit(applicant, id, f1ca('claire@data-conseil.test'))).statusCode).toBe(200);
      const companyId = await companyOf(id);
      const [claire] = await db.select().from(users).where(eq(users.email, 'claire@data-conseil.test'));
      const membersBefore = await db
        .select()
        .from(companyUsers)
        .where(eq(companyUsers.companyId, companyId ?? 0));
      expect(membersBefore).toEqual([{ companyId, userId: claire?.id }]);

      // An outsider's address, and the account of another company's employee: neither joins this company.
      const elsewhere = await createUser('company', 'rh@elsewhere.test');
      const [otherCompany] = await db.insert(companies).values({ name: 'Elsewhere', siret: null }).returning();
      await db.insert(companyUsers).values({ companyId: otherCompany?.id ?? 0, userId: elsewhere.id });
      for (const address of ['intruder@evil.test', 'rh@elsewhere.test']) {
        await sendBack(id);
        const response = await submit(applicant, id, f1ca(address));
        expect(response.statusCode, address).toBe(200);
        expect(await mailsTo(address), address).toEqual([]);
      }
      expect(await db.select().from(users).where(eq(users.email, 'intruder@evil.test'))).toEqual([]);
      expect(
        await db
          .select()
          .from(companyUsers)
          .where(eq(companyUsers.companyId, companyId ?? 0)),
      ).toEqual(membersBefore);
      expect(await companyOf(id)).toBe(companyId);
      // What the applicant typed stays on their sheet, for staff to act on.
      const [sheet] = await db
        .select()
        .from(sheets)
        .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'f1ca')));
      expect(JSON.stringify(sheet?.data)).toContain('rh@elsewhere.test');
      const audit = await db.select().from(auditLog).where(eq(auditLog.dossierId, id));
      expect(audit.filter((entry) => entry.action === 'employer.invitation_withheld')).toHaveLength(2);
      expect(JSON.stringify(audit)).not.toMatch(/evil\.test|elsewhere\.test/);

      // The company's person keeps the dossier, and is invited again when named.
      const claireToken = await accessTokenFor(app, { id: claire?.id ?? 0, userType: 'company' });
      const home = await app.inject({
        method: 'GET',
        url: '/api/employeurs/dossiers',
        headers: { authorization: `Bearer ${claireToken}` },
      });
      expect(home.json<EmployerDossier[]>().map((dossier) => dossier.id)).toContain(id);
      await sendBack(id);
      expect((await submit(applicant, id, f1ca('Claire@data-conseil.test'))).statusCode).toBe(200);
      expect(await mailsTo('claire@data-conseil.test')).toHaveLength(2);
    });
  });

  describe('the invitation mail', () => {
    it("has our subject only, and quotes what the applicant typed as the applicant's words, escaped", async () => {
      const applicant = await createUser('admissible');
      const id = await dossierOf(applicant);
      const lure = '<a href="https://evil.test/pay">Réglez votre facture</a>';
      const response = await submit(
        applicant,
        id,
        f1ca('compta@victim.test', {
          denomination: lure,
          intitulePoste: 'URGENT\nVérifiez votre compte sur https://evil.test',
        }),
      );
      expect(response.statusCode).toBe(200);
      const [mail] = await mailsTo('compta@victim.test');
      expect(mail?.subject).toBe(
        `CFA Passerelle — contrat en alternance de Camille ${applicant.nom} : fiche employeur à compléter`,
      );
      const lines = mail?.textBody.split('\n') ?? [];
      const attribution = lines.indexOf(`Message de Camille ${applicant.nom}, tel que saisi sur sa fiche :`);
      expect(attribution).toBeGreaterThan(0);
      expect(lines.slice(attribution + 1, attribution + 5)).toEqual([
        '> Personne candidate : Léo Martin',
        `> Entreprise : ${lure}`,
        '> Poste : URGENT Vérifiez votre compte sur https://evil.test',
        '> Contact désigné : Claire Durand',
      ]);
      // Nothing the applicant typed outside the quote but the invited person's name in the greeting, which only a
      // person's name passes: not the applicant's names, not the company, not the link.
      expect(lines[0]).toBe('Bonjour Claire Durand,');
      for (const line of lines.slice(1).filter((text) => !text.startsWith('> ')))
        expect(line).not.toMatch(/evil\.test|Léo|Martin|Claire|Durand|Data Conseil/);
      expect(mail?.htmlBody).not.toContain('<a href="https://evil.test');
      const quote = /<blockquote[^>]*>([\s\S]*?)<\/blockquote>/.exec(mail?.htmlBody ?? '')?.[1] ?? '';
      expect(quote).toContain('&#60;a href=&#34;https://evil.test/pay&#34;&#62;');
      expect((mail?.htmlBody ?? '').replace(quote, '')).not.toMatch(/evil\.test|Léo Martin/);
    });
  });

  describe('limits per applicant', () => {
    it('opens at most APPLICANT_MAX_OPEN_DOSSIERS cases at a time', async () => {
      const applicant = await createUser('admissible');
      const first = await dossierOf(applicant);
      await dossierOf(applicant);
      const refused = await newDossier(applicant);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>().code).toBe('LIMIT_REACHED');
      expect(await db.select().from(dossiers).where(eq(dossiers.admissibleUserId, applicant.id))).toHaveLength(2);
      await closeDossier(first);
      expect((await newDossier(applicant)).statusCode).toBe(201);
    });

    it('invites at most APPLICANT_INVITATIONS_PER_DAY employers a day and APPLICANT_INVITATIONS_TOTAL ever', async () => {
      const applicant = await createUser('admissible');
      const sendNew = async (address: string) => {
        const open = await db.select().from(dossiers).where(eq(dossiers.admissibleUserId, applicant.id));
        for (const dossier of open) if (dossier.dossierStatut !== 1) await closeDossier(dossier.id);
        const id = await dossierOf(applicant);
        return { id, response: await submit(applicant, id, f1ca(address)) };
      };
      for (const n of [1, 2, 3, 4]) expect((await sendNew(`hr${n}@co${n}.test`)).response.statusCode).toBe(200);

      const today = await sendNew('hrX@coX.test');
      expect(today.response.statusCode).toBe(429);
      // Every 429 says when to try again (issue 27), even one whose limit does not know when it ends.
      expect(Number(today.response.headers['retry-after'])).toBeGreaterThan(0);
      expect(today.response.json<ErrorBody>()).toMatchObject({
        code: 'RATE_LIMITED',
        errors: { 'contacts.contactEntreprise.courriel': ['contact.invitations_per_day'] },
      });
      expect(await mailsTo('hrX@coX.test')).toEqual([]);
      expect((await db.select().from(dossiers).where(eq(dossiers.id, today.id)))[0]?.dossierStatut).toBe(1);
      // The sheet typed is kept for the day after.
      expect(await db.select().from(sheets).where(eq(sheets.dossierId, today.id))).toHaveLength(1);

      // A day later: one more, up to the total.
      const yesterday = () =>
        db
          .update(auditLog)
          .set({ at: sql`${auditLog.at} - interval '2 days'` })
          .where(eq(auditLog.actorUserId, applicant.id));
      await yesterday();
      expect((await submit(applicant, today.id, f1ca('hrX@coX.test'))).statusCode).toBe(200);
      await yesterday();
      const past = await sendNew('hrY@coY.test');
      expect(past.response.statusCode).toBe(409);
      expect(past.response.json<ErrorBody>()).toMatchObject({
        code: 'LIMIT_REACHED',
        errors: { 'contacts.contactEntreprise.courriel': ['contact.invitations_total'] },
      });
      expect(await mailsTo('hrY@coY.test')).toEqual([]);
    });
  });
});
