import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { dossiers, jobMarks, mailOutbox, scheduledJobs, users } from '../../db/schema/index.ts';
import { countStaffAlerts } from '../staff/staff.service.ts';
import { runDueJobs } from '../jobs/jobs.service.ts';
import { startTestSmtpServer } from '../mail/test-smtp-server.ts';
import { createUser } from '../workshops/applicant-fixtures.ts';
import { caseFixtures, linkPathOf, receivedBy } from '../../../test/case-fixtures.ts';
import { findSchoolQueue, sendStaffDigests } from './notifications.service.ts';

/** The staff digest (job `staff-digest`): one mail a day per staff member, none when nothing waits for the school. */
describe('staff digest', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({
    SMTP_URL: smtp.url,
    STAFF_ALERT_REGISTERED_DAYS: 90,
    STAFF_ALERT_WAITING_DAYS: 14,
  });
  const db = app.db;
  const cases = await caseFixtures(app);
  const [fixtureStaff] = await db.select().from(users).where(eq(users.id, cases.staff.id));
  await createUser(app, 'admin', undefined, { email: 'admin@cfa.test' });
  const english = await createUser(app, 'staff', undefined, { email: 'english.staff@cfa.test' });
  await db.update(users).set({ lang: 'en-US' }).where(eq(users.id, english.id));
  const staffEmails = [fixtureStaff?.email ?? '', 'admin@cfa.test', 'english.staff@cfa.test'];
  const digests = async (address: string) =>
    (await receivedBy(app, smtp, address)).filter((m) => /^Passerelle ?:/.test(m.parsed.subject ?? ''));
  const morning = new Date('2026-11-25T06:00:00Z');
  /** The job's work at this time, with the back office's alerts (GET /api/staff/alerts counts the same). */
  const digestAt = async (at: Date) => sendStaffDigests(db, app.config, await countStaffAlerts(db, app.config), at);

  it('sends nothing when nothing waits for the school', async () => {
    await cases.toEmployerFirstContact();
    expect(await digestAt(morning)).toEqual({ sent: 0 });
    for (const address of staffEmails) expect(await digests(address)).toEqual([]);
  });

  it('sends one mail a day to each staff member and admin, in their language, listing what waits and the alerts', async () => {
    const review = await cases.toFirstContactReview();
    expect(await digestAt(morning)).toEqual({ sent: 3 });
    expect(await digestAt(new Date('2026-11-25T18:00:00Z'))).toEqual({ sent: 0 });
    const [french] = await digests('admin@cfa.test');
    expect(french?.parsed.subject).toBe("Passerelle : 1 tâche attend l'école");
    expect(french?.parsed.text).toContain('- 1 premier contact à étudier');
    expect(french?.parsed.text).not.toContain('Alertes');
    expect(french && linkPathOf(french)).toMatchObject({ path: '/gestion', hasToken: true });
    expect(french && linkPathOf(french).search.get('waitingFor')).toBe('school');
    expect(french?.parsed.text).toContain('http://localhost:3999/gestion\n');
    const [inEnglish] = await digests('english.staff@cfa.test');
    expect(inEnglish?.parsed.subject).toBe('Passerelle: 1 task waits for the school');
    expect(inEnglish?.parsed.html).toContain('<html lang="en-US">');

    // The next day, with alerts: an applicant registered 100 days ago, a case waiting on the same party for 20 days.
    await db
      .update(users)
      .set({ createdAt: sql`now() - interval '100 days'` })
      .where(eq(users.id, review.applicant.id));
    await db
      .update(dossiers)
      .set({ waitingFor: 'school', waitingSince: sql`now() - interval '20 days'` })
      .where(eq(dossiers.id, review.id));
    expect(await countStaffAlerts(db, app.config)).toEqual({
      stale: { count: 1, days: 90 },
      waiting: { count: 1, days: 14 },
    });
    expect(await digestAt(new Date('2026-11-26T06:00:00Z'))).toEqual({ sent: 3 });
    const [, second] = await digests('admin@cfa.test');
    expect(second?.parsed.text).toContain(
      "- 1 dossier d'un candidat inscrit depuis plus de 90 jours sans contrat signé",
    );
    expect(second?.parsed.text).toContain('- 1 dossier qui attend la même personne depuis plus de 14 jours');
    const [, secondEnglish] = await digests('english.staff@cfa.test');
    expect(secondEnglish?.parsed.text).toContain('- 1 case waiting on the same party for more than 14 days');
  });

  it('does not count a signed case among the stale ones, nor a closed case among the waiting ones', async () => {
    const signed = await cases.toEmployerFirstContact();
    await db
      .update(users)
      .set({ createdAt: sql`now() - interval '200 days'` })
      .where(eq(users.id, signed.applicant.id));
    const before = await countStaffAlerts(db, app.config);
    expect(before.stale.count).toBe(2);
    await db.update(dossiers).set({ dossierStatut: 8 }).where(eq(dossiers.id, signed.id));
    expect((await countStaffAlerts(db, app.config)).stale.count).toBe(1);
    // Archived by staff, the case waits for nobody any more.
    const old = await db
      .select({ id: dossiers.id })
      .from(dossiers)
      .where(sql`${dossiers.waitingSince} < now() - interval '14 days'`);
    for (const { id } of old) {
      const archived = await cases.call(cases.staff, 'POST', `/api/staff/dossiers/${id}/archive`, {
        reason: 'Abandon.',
      });
      expect(archived.statusCode).toBe(200);
    }
    expect((await countStaffAlerts(db, app.config)).waiting.count).toBe(0);
  });

  it('counts the applicant documents to check until staff review them', async () => {
    const { id, applicant } = await cases.toEmployerFirstContact();
    const documents = async () => (await findSchoolQueue(db)).documents;
    expect(await documents()).toBe(0);
    await cases.uploadCvec(applicant.id);
    expect(await documents()).toBe(1);
    const review = { document: 'cvec', decision: 'rejected', reason: 'Illisible.' };
    expect(
      (await cases.call(cases.staff, 'POST', `/api/staff/dossiers/${id}/document-review`, review)).statusCode,
    ).toBe(200);
    expect(await documents()).toBe(0);
    // A new upload after the rejection is to check again.
    await cases.uploadCvec(applicant.id);
    expect(await documents()).toBe(1);
  });

  it('runs as the daily job: once per day whatever the number of runs', async () => {
    await db.delete(mailOutbox);
    await db.delete(jobMarks);
    await cases.toFirstContactReview();
    const due = () =>
      db
        .update(scheduledJobs)
        .set({ nextRunAt: sql`now() - interval '1 second'` })
        .where(eq(scheduledJobs.name, 'staff-digest'));
    await runDueJobs(app);
    await due();
    const [run] = (await runDueJobs(app)).filter((r) => r.name === 'staff-digest');
    expect(run).toMatchObject({ ok: true });
    await due();
    const [again] = (await runDueJobs(app)).filter((r) => r.name === 'staff-digest');
    expect(again).toMatchObject({ ok: true, result: { sent: 0 } });
    const queued = await db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, staffEmails));
    expect(queued.map((m) => m.toAddress).sort()).toEqual([...staffEmails].sort());
  });
});
