import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { auditLog, dossierSteps, dossiers, jobMarks } from '../../db/schema/index.ts';
import { startTestSmtpServer } from '../mail/test-smtp-server.ts';
import { caseFixtures, f1ceBody, linkPathOf, receivedBy } from '../../../test/case-fixtures.ts';
import { sendReminders } from './notifications.service.ts';

/**
 * Reminders (job `reminders`): one per waiting period, none once the case moved on. Time passes by moving the case's
 * audit entries (when each step opened) into the past.
 */
describe('reminders', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({
    SMTP_URL: smtp.url,
    REMINDER_FIRST_CONTACT_DAYS: 10,
    REMINDER_INFORMATION_SHEET_DAYS: 7,
  });
  const db = app.db;
  const cases = await caseFixtures(app);

  const ageCase = (id: number, days: number) =>
    db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - make_interval(days => ${days})` })
      .where(eq(auditLog.dossierId, id));
  const reminders = (mails: Awaited<ReturnType<typeof receivedBy>>) =>
    mails.filter((m) => /^(Rappel|Reminder)/.test(m.parsed.subject ?? ''));

  it('reminds the company of a first contact unanswered for ten days, once per waiting period', async () => {
    const { id, employer } = await cases.toEmployerFirstContact({ employer: 'en-US' });
    await ageCase(id, 9);
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });

    await ageCase(id, 2);
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 1, informationSheet: 0 });
    const [mail] = reminders(await receivedBy(app, smtp, employer.email));
    expect(mail?.parsed.subject).toMatch(
      new RegExp(`^Reminder: employer first-contact sheet waiting for you — case no. ${id} \\(Léa Martin\\d+\\)$`),
    );
    expect(mail?.parsed.text).toContain('for more than 10 days');
    expect(mail && linkPathOf(mail)).toMatchObject({ path: `/employeur/fiche-premier-contact/${id}`, hasToken: true });

    // Another run, another process: nothing more for the same period.
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
    expect(reminders(await receivedBy(app, smtp, employer.email))).toHaveLength(1);

    // The sheet sent back to the company (step 5) eleven days ago: a new period, one new reminder.
    await db
      .update(dossierSteps)
      .set({ status: 5 })
      .where(and(eq(dossierSteps.dossierId, id), eq(dossierSteps.type, 'f1ce')));
    await db.insert(auditLog).values({
      dossierId: id,
      action: 'sheet.returned',
      details: { sheet: 'f1ce', steps: { f1ce: 5 } },
      at: sql`now() - interval '11 days'`,
    });
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 1, informationSheet: 0 });
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
    expect(reminders(await receivedBy(app, smtp, employer.email))).toHaveLength(2);
    expect(await db.select().from(jobMarks).where(eq(jobMarks.job, 'reminders'))).toHaveLength(2);
  });

  it('sends none once the first contact is sent', async () => {
    const { id, employer } = await cases.toEmployerFirstContact();
    const sent = await cases.call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
    expect(sent.statusCode).toBe(200);
    await ageCase(id, 30);
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
    expect(reminders(await receivedBy(app, smtp, employer.email))).toEqual([]);
  });

  it('counts a sheet sent back by staff from its return, and reminds once', async () => {
    const { id, employer } = await cases.toFirstContactReview();
    await ageCase(id, 30);
    const returned = await cases.call(cases.staff, 'POST', `/api/staff/dossiers/${id}/return`, {
      sheet: 'f1ce',
      message: 'Le SIRET est faux.',
    });
    expect(returned.statusCode).toBe(200);
    // The first contact waited long before it was sent; the return opens a new period, which starts now.
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
    await db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - interval '10 days 1 minute'` })
      .where(and(eq(auditLog.dossierId, id), eq(auditLog.action, 'sheet.returned')));
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 1, informationSheet: 0 });
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
    expect(reminders(await receivedBy(app, smtp, employer.email))).toHaveLength(1);
  });

  it('sends none for a refused or archived case', async () => {
    for (const statut of [6, 9]) {
      const { id, employer } = await cases.toEmployerFirstContact();
      await db.update(dossiers).set({ dossierStatut: statut }).where(eq(dossiers.id, id));
      await ageCase(id, 30);
      expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
      expect(reminders(await receivedBy(app, smtp, employer.email))).toEqual([]);
    }
  });

  it('reminds each author of an information sheet part unsent for seven days, and not the one who sent theirs', async () => {
    const { id, applicant, employer } = await cases.toInformationSheet();
    await ageCase(id, 6);
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });

    // The applicant has sent their part meanwhile (2): only the employer's part waits.
    await db
      .update(dossierSteps)
      .set({ status: 2 })
      .where(and(eq(dossierSteps.dossierId, id), eq(dossierSteps.type, 'fra')));
    await ageCase(id, 2);
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 1 });
    const [toCompany] = reminders(await receivedBy(app, smtp, employer.email));
    expect(toCompany?.parsed.subject).toMatch(
      /^Rappel : fiche de renseignements \(partie employeur\) en attente — dossier n° \d+/,
    );
    expect(toCompany && linkPathOf(toCompany).path).toBe(`/employeur/fiche-renseignements/${id}`);
    expect(reminders(await receivedBy(app, smtp, applicant.email))).toEqual([]);

    // Sent back to the applicant (5) eight days ago: their reminder, once.
    await db
      .update(dossierSteps)
      .set({ status: 5 })
      .where(and(eq(dossierSteps.dossierId, id), eq(dossierSteps.type, 'fra')));
    await db.insert(auditLog).values({
      dossierId: id,
      action: 'sheet.returned',
      details: { steps: { fra: 5 } },
      at: sql`now() - interval '8 days'`,
    });
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 1 });
    expect(await sendReminders(db, app.config)).toEqual({ firstContact: 0, informationSheet: 0 });
    const [toApplicant] = reminders(await receivedBy(app, smtp, applicant.email));
    expect(toApplicant?.parsed.subject).toBe(`Rappel : fiche de renseignements en attente — dossier n° ${id}`);
    expect(toApplicant && linkPathOf(toApplicant).path).toBe(`/admissible/fiche-renseignements/${id}`);
  });
});
