import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { companyUsers, mailOutbox } from '../../db/schema/index.ts';
import { startTestSmtpServer } from '../mail/test-smtp-server.ts';
import { caseFixtures, linkPathOf, onlyMail, receivedBy } from '../../../test/case-fixtures.ts';
import {
  notifyDocumentRejected,
  notifyFirstContactDecided,
  notifyMissionsComplement,
  notifySheetReturned,
} from './notifications.service.ts';

/**
 * "Every step tells the next person" (issue 10): each transition mails the person who acts next, through a real SMTP
 * conversation, in their language, with a personal link to the screen where they act and the school's words quoted.
 */
describe('mails of the transitions', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({ SMTP_URL: smtp.url });
  const cases = await caseFixtures(app);
  const staffMessage = 'Merci de préciser le SIRET <b>exact</b> & la date de début.';

  /** Runs a staff action's notification in a transaction, as the action does. */
  const inTransaction = <T>(work: (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<T>) =>
    app.db.transaction(work);

  it('tells the applicant when the employer has sent its first contact', async () => {
    const { id, applicant } = await cases.toFirstContactReview();
    const mail = onlyMail(
      await receivedBy(app, smtp, applicant.email),
      "L'employeur a envoyé sa fiche premier contact",
    );
    expect(mail.parsed.subject).toBe(`L'employeur a envoyé sa fiche premier contact — dossier n° ${id}`);
    expect(mail.parsed.html).toContain('<html lang="fr-FR">');
    expect(linkPathOf(mail)).toMatchObject({ path: '/espace-admissible/dossiers', hasToken: true });
  });

  it('tells the applicant in English when that is their language', async () => {
    const { id, applicant } = await cases.toFirstContactReview({ applicant: 'en-US' });
    const mail = onlyMail(await receivedBy(app, smtp, applicant.email), 'The employer sent its first-contact sheet');
    expect(mail.parsed.subject).toBe(`The employer sent its first-contact sheet — case no. ${id}`);
    expect(mail.parsed.html).toContain('<html lang="en-US">');
  });

  it('tells the company and the applicant that the information sheet is due once funding is accepted', async () => {
    const { id, applicant, employer } = await cases.toInformationSheet({ employer: 'en-US' });
    const toCompany = onlyMail(await receivedBy(app, smtp, employer.email), 'Information sheet to fill in');
    expect(toCompany.parsed.subject).toMatch(
      new RegExp(`^Information sheet to fill in — case no. ${id} \\(Léa Martin\\d+\\)$`),
    );
    expect(toCompany.parsed.html).toContain('<html lang="en-US">');
    expect(linkPathOf(toCompany)).toMatchObject({ path: `/employeur/fiche-renseignements/${id}`, hasToken: true });

    const toApplicant = onlyMail(await receivedBy(app, smtp, applicant.email), 'Fiche de renseignements à compléter');
    expect(toApplicant.parsed.subject).toBe(`Fiche de renseignements à compléter — dossier n° ${id}`);
    expect(linkPathOf(toApplicant)).toMatchObject({ path: `/admissible/fiche-renseignements/${id}`, hasToken: true });
  });

  it('sends an applicant sheet back to the applicant with the school message quoted and escaped', async () => {
    const { id, applicant } = await cases.toEmployerFirstContact();
    const row = await cases.dossierRow(id);
    await inTransaction((tx) => notifySheetReturned(tx, app.config, row, 'f1ca', staffMessage));
    const mail = onlyMail(
      await receivedBy(app, smtp, applicant.email),
      'Votre fiche premier contact vous est renvoyée',
    );
    expect(mail.parsed.subject).toBe(`Votre fiche premier contact vous est renvoyée — dossier n° ${id}`);
    expect(linkPathOf(mail)).toMatchObject({ path: `/admissible/fiche-premier-contact/${id}`, hasToken: true });
    expect(mail.parsed.text).toContain("De la part de l'école :");
    expect(mail.parsed.text).toContain(`> Message : ${staffMessage}`);
    expect(mail.parsed.html).toContain(
      'Merci de préciser le SIRET &#60;b&#62;exact&#60;/b&#62; &#38; la date de début.',
    );
    expect(mail.parsed.html).not.toContain('<b>exact');
  });

  it('sends an employer sheet back to the company people, in their language', async () => {
    const { id, employer } = await cases.toFirstContactReview({ employer: 'en-US' });
    const row = await cases.dossierRow(id);
    await inTransaction((tx) =>
      notifySheetReturned(tx, app.config, row, 'f1ce', 'Please give the tutor phone number.'),
    );
    const mail = onlyMail(
      await receivedBy(app, smtp, employer.email),
      'Your employer first-contact sheet is sent back to you',
    );
    expect(mail.parsed.subject).toContain(`case no. ${id} (Léa Martin`);
    expect(linkPathOf(mail)).toMatchObject({ path: `/employeur/fiche-premier-contact/${id}`, hasToken: true });
    expect(mail.parsed.text).toContain('> Message: Please give the tutor phone number.');
  });

  it('asks the company for a missions complement', async () => {
    const { id, employer } = await cases.toFirstContactReview();
    const row = await cases.dossierRow(id);
    await inTransaction((tx) => notifyMissionsComplement(tx, app.config, row, 'Décrivez les outils utilisés.'));
    const mail = onlyMail(await receivedBy(app, smtp, employer.email), 'Précisions demandées sur les missions');
    expect(linkPathOf(mail)).toMatchObject({ path: `/employeur/modification-missions/${id}`, hasToken: true });
    expect(mail.parsed.text).toContain('> Message : Décrivez les outils utilisés.');
  });

  it('mails the contact the applicant invited while the company has nobody in it', async () => {
    const { id, employer } = await cases.toFirstContactReview();
    const row = await cases.dossierRow(id);
    await app.db.delete(companyUsers).where(eq(companyUsers.companyId, row.companyId ?? 0));
    await inTransaction((tx) => notifyMissionsComplement(tx, app.config, row, 'Décrivez les missions.'));
    onlyMail(await receivedBy(app, smtp, employer.email), 'Précisions demandées sur les missions');
  });

  it('tells the applicant why a document was rejected', async () => {
    const { id, applicant } = await cases.toEmployerFirstContact();
    const row = await cases.dossierRow(id);
    await inTransaction((tx) => notifyDocumentRejected(tx, app.config, row, 'cvec', "L'attestation est illisible."));
    const mail = onlyMail(await receivedBy(app, smtp, applicant.email), "Votre attestation CVEC n'a pas été acceptée");
    expect(linkPathOf(mail)).toMatchObject({ path: '/espace-admissible/dossiers', hasToken: true });
    expect(mail.parsed.text).toContain("> Motif : L'attestation est illisible.");
  });

  it('tells the applicant and the company that the first contact is accepted', async () => {
    const { id, applicant, employer } = await cases.toFirstContactReview();
    const row = await cases.dossierRow(id);
    await inTransaction((tx) => notifyFirstContactDecided(tx, app.config, row, 'accept', undefined));
    const toApplicant = onlyMail(await receivedBy(app, smtp, applicant.email), 'Premier contact validé');
    expect(toApplicant.parsed.subject).toBe(`Premier contact validé — dossier n° ${id}`);
    expect(linkPathOf(toApplicant).path).toBe('/espace-admissible/dossiers');
    const toCompany = onlyMail(await receivedBy(app, smtp, employer.email), 'Premier contact validé');
    expect(toCompany.parsed.subject).toContain(`dossier n° ${id} (Léa Martin`);
    expect(linkPathOf(toCompany).path).toBe(`/employeur/fiche-premier-contact/${id}`);
  });

  it('tells both that the first contact is refused, with the reason, and gives the company no link', async () => {
    const { id, applicant, employer } = await cases.toFirstContactReview({ employer: 'en-US' });
    const row = await cases.dossierRow(id);
    await inTransaction((tx) =>
      notifyFirstContactDecided(tx, app.config, row, 'refuse', 'Le poste ne correspond pas à la formation.'),
    );
    const toApplicant = onlyMail(await receivedBy(app, smtp, applicant.email), 'Premier contact non retenu');
    expect(toApplicant.parsed.text).toContain('> Motif : Le poste ne correspond pas à la formation.');
    expect(linkPathOf(toApplicant).path).toBe('/espace-admissible/dossiers');
    const toCompany = onlyMail(await receivedBy(app, smtp, employer.email), 'First contact not accepted');
    expect(toCompany.parsed.text).toContain('> Reason: Le poste ne correspond pas à la formation.');
    expect(toCompany.parsed.text).not.toMatch(/\?t=/);
  });

  it('queues nothing when the transition rolls back', async () => {
    const { id, applicant } = await cases.toEmployerFirstContact();
    const row = await cases.dossierRow(id);
    const before = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, applicant.email))).length;
    await expect(
      inTransaction(async (tx) => {
        await notifyDocumentRejected(tx, app.config, row, 'attestationBac', 'Illisible.');
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, applicant.email))).toHaveLength(
      before,
    );
  });
  describe('through the staff actions', () => {
    const staffAction = (id: number, action: string, payload: object) =>
      cases.call(cases.staff, 'POST', `/api/staff/dossiers/${id}/${action}`, payload);

    it('returns a sheet: its author gets the message and a link to the sheet', async () => {
      const { id, applicant, employer } = await cases.toFirstContactReview({ employer: 'en-US' });
      expect((await staffAction(id, 'return', { sheet: 'f1ce', message: 'Le SIRET est faux.' })).statusCode).toBe(200);
      const toCompany = onlyMail(
        await receivedBy(app, smtp, employer.email),
        'Your employer first-contact sheet is sent back',
      );
      expect(linkPathOf(toCompany).path).toBe(`/employeur/fiche-premier-contact/${id}`);
      expect(toCompany.parsed.text).toContain('> Message: Le SIRET est faux.');
      expect(
        (await staffAction(id, 'return', { sheet: 'f1ca', message: 'Votre date de naissance ?' })).statusCode,
      ).toBe(200);
      const toApplicant = onlyMail(
        await receivedBy(app, smtp, applicant.email),
        'Votre fiche premier contact vous est renvoyée',
      );
      expect(linkPathOf(toApplicant).path).toBe(`/admissible/fiche-premier-contact/${id}`);
    });

    it('asks a missions complement', async () => {
      const { id, employer } = await cases.toFirstContactReview();
      expect((await staffAction(id, 'missions-complement', { message: 'Quels outils ?' })).statusCode).toBe(200);
      const mail = onlyMail(await receivedBy(app, smtp, employer.email), 'Précisions demandées sur les missions');
      expect(linkPathOf(mail).path).toBe(`/employeur/modification-missions/${id}`);
      expect(mail.parsed.text).toContain('> Message : Quels outils ?');
    });

    it('rejects a document: the applicant learns why; a valid one sends nothing', async () => {
      const { id, applicant } = await cases.toEmployerFirstContact();
      await cases.uploadCvec(applicant.id);
      expect((await staffAction(id, 'document-review', { document: 'cvec', decision: 'valid' })).statusCode).toBe(200);
      expect((await receivedBy(app, smtp, applicant.email)).filter((m) => m.parsed.subject?.includes('CVEC'))).toEqual(
        [],
      );
      const rejected = await staffAction(id, 'document-review', {
        document: 'cvec',
        decision: 'rejected',
        reason: 'Année passée.',
      });
      expect(rejected.statusCode).toBe(200);
      const mail = onlyMail(
        await receivedBy(app, smtp, applicant.email),
        "Votre attestation CVEC n'a pas été acceptée",
      );
      expect(mail.parsed.text).toContain('> Motif : Année passée.');
      expect(linkPathOf(mail).path).toBe('/espace-admissible/dossiers');
    });

    it('accepts and refuses first contacts: the applicant and the company are told', async () => {
      const accepted = await cases.toFirstContactReview();
      expect((await staffAction(accepted.id, 'first-contact', { decision: 'accept' })).statusCode).toBe(200);
      onlyMail(await receivedBy(app, smtp, accepted.applicant.email), 'Premier contact validé');
      onlyMail(await receivedBy(app, smtp, accepted.employer.email), 'Premier contact validé');

      const refused = await cases.toFirstContactReview();
      const response = await staffAction(refused.id, 'first-contact', {
        decision: 'refuse',
        reason: 'Hors formation.',
      });
      expect(response.statusCode).toBe(200);
      const toApplicant = onlyMail(await receivedBy(app, smtp, refused.applicant.email), 'Premier contact non retenu');
      expect(toApplicant.parsed.text).toContain('> Motif : Hors formation.');
      onlyMail(await receivedBy(app, smtp, refused.employer.email), 'Premier contact non retenu');
    });
  });
});
