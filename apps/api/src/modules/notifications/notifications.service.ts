import type {
  Language,
  PdfRefusal,
  ReturnableSheet,
  ReviewableDocument,
  SignerRole,
  StaffAlertsResponse,
} from '@passerelle/contract';
import { readTogether, type Db, type Tx } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { DataKeys } from '../../lib/crypto.ts';
import { createLoginLink } from '../auth/auth.service.ts';
import type { DossierRow } from '../dossiers/dossiers.service.ts';
import { enqueueMail, type MailContent, type QueuedMail } from '../mail/mail.service.ts';
import { readCfaContact, type CfaEnvironment } from '../settings/settings.service.ts';
import { mailLanguageOf } from '../users/users.service.ts';
import {
  renderDocumentRejected,
  renderEmployerFirstContactSent,
  renderContractSigned,
  renderFirstContactDecided,
  renderInformationSheetDue,
  renderMissionsComplement,
  renderReminder,
  renderScanConfirmed,
  renderScanRejected,
  renderSheetReturned,
  renderSignatureCode,
  renderSealFailed,
  renderSignatureRefused,
  renderSignatureTurn,
  type SignatureTurnVars,
  renderStaffDigest,
  type MailLink,
} from './notification-mails.ts';
import * as repo from './notifications.repo.ts';
import { parisDay } from '../../lib/paris-time.ts';

/**
 * "Every step tells the next person" (issue 10): the mails each transition sends, queued in the transaction that makes
 * the transition (nothing is half-saved: a rolled-back transition sends nothing). Each mail goes in the receiver's
 * language, with a personal sign-in link to the screen where they act. Nothing here logs: mails hold names and addresses.
 */
/** MAIL_FROM: every mail's Message-ID is decided when it is queued, on the sender's domain (mail.service.ts). */
export type NotifyConfig = Pick<Config, 'publicUrl' | 'LOGIN_LINK_TTL' | 'MAIL_FROM'>;

/** The signing mails name their Message-ID in the evidence (SIGNING.md 3): it is decided when they are queued. */
export type SigningMailConfig = NotifyConfig & Pick<Config, 'MAIL_FROM'> & CfaEnvironment;

/** A queued mail: to whom, and the Message-ID it leaves with. */
export interface SentMail {
  to: string;
  messageId: string;
}

type Dossier = Pick<DossierRow, 'id' | 'admissibleUserId' | 'companyId'>;

/** The screens each sheet is filled in on (SPEC 2, route table). */
const sheetPaths: Record<ReturnableSheet, (id: number) => string> = {
  f1ca: (id) => `/admissible/fiche-premier-contact/${id}`,
  fra: (id) => `/admissible/fiche-renseignements/${id}`,
  f1ce: (id) => `/employeur/fiche-premier-contact/${id}`,
  fre: (id) => `/employeur/fiche-renseignements/${id}`,
  missions: (id) => `/employeur/modification-missions/${id}`,
};
const applicantSheets: ReadonlySet<ReturnableSheet> = new Set(['f1ca', 'fra']);
const applicantCasesPath = '/espace-admissible/dossiers';
/** The employer's home lists its cases and their signed contracts (decision 0008). */
const employerHomePath = '/';

/** A personal link that signs the person in and lands on `path` (the web app signs in with `t` wherever it lands). */
async function linkFor(tx: Db | Tx, config: NotifyConfig, userId: number, path: string): Promise<MailLink> {
  const url = new URL(await createLoginLink(tx, config, userId));
  const [pathname = '/', search] = path.split('?');
  url.pathname = pathname;
  if (search) for (const [key, value] of new URLSearchParams(search)) url.searchParams.set(key, value);
  return { url: url.toString(), validitySeconds: config.LOGIN_LINK_TTL };
}

/**
 * Whom a mail for "the company" goes to: its people; before anyone joined it, the contact the applicant's first contact
 * invited (audit `employer.invited`).
 */
async function companyPeopleOf(tx: Db | Tx, dossier: Dossier): Promise<repo.Person[]> {
  const members = dossier.companyId === null ? [] : await repo.findCompanyPeople(tx, dossier.companyId);
  if (members.length > 0) return members;
  const invited = await repo.findInvitedContact(tx, dossier.id);
  return invited ? [invited] : [];
}

/** One mail per person, each with its own link, in its language. */
async function mailEach(
  tx: Db | Tx,
  config: NotifyConfig,
  people: repo.Person[],
  path: string | null,
  render: (lang: Language, link: MailLink | undefined) => MailContent,
): Promise<SentMail[]> {
  const sent: SentMail[] = [];
  for (const person of people) {
    const link = path === null ? undefined : await linkFor(tx, config, person.id, path);
    const { messageId } = await enqueueMail(tx, { to: person.email, ...render(mailLanguageOf(person), link) }, config);
    sent.push({ to: person.email, messageId });
  }
  return sent;
}

async function applicantOf(tx: Db | Tx, dossier: Dossier): Promise<repo.Person[]> {
  const person = await repo.findPerson(tx, dossier.admissibleUserId);
  return person ? [person] : [];
}

/**
 * Mails the case's applicant and its company's people, each a personal link to `path` in their language, for a module
 * that writes its own mail (the survey): `applicantName` is the applicant's account name for the company's people and
 * empty for the applicant. `path` may differ for the two (the applicant's cases screen, the employer's home).
 */
export async function mailCaseParties(
  tx: Db | Tx,
  config: NotifyConfig,
  dossier: Dossier,
  path: string | { applicant: string; company: string },
  render: (lang: Language, link: MailLink, applicantName: string) => MailContent,
): Promise<SentMail[]> {
  const paths = typeof path === 'string' ? { applicant: path, company: path } : path;
  const company = dossier.companyId === null ? [] : await repo.findCompanyPeople(tx, dossier.companyId);
  const applicantName = company.length > 0 ? await repo.findAccountName(tx, dossier.admissibleUserId) : '';
  return [
    ...(await mailEach(
      tx,
      config,
      await applicantOf(tx, dossier),
      paths.applicant,
      withLink((lang, link) => render(lang, link, '')),
    )),
    ...(await mailEach(
      tx,
      config,
      company,
      paths.company,
      withLink((lang, link) => render(lang, link, applicantName)),
    )),
  ];
}

/** `render` for mails that always carry a link. */
function withLink(render: (lang: Language, link: MailLink) => MailContent) {
  return (lang: Language, link: MailLink | undefined) => {
    if (!link) throw new Error('a link was expected');
    return render(lang, link);
  };
}

/** A sheet went back to its author (step 5): the author (applicant or the company's people) gets the message. */
export async function notifySheetReturned(
  tx: Tx,
  config: NotifyConfig,
  dossier: DossierRow,
  sheet: ReturnableSheet,
  message: string,
): Promise<void> {
  const toApplicant = applicantSheets.has(sheet);
  const people = toApplicant ? await applicantOf(tx, dossier) : await companyPeopleOf(tx, dossier);
  const who = toApplicant ? '' : await repo.findAccountName(tx, dossier.admissibleUserId);
  await mailEach(
    tx,
    config,
    people,
    sheetPaths[sheet](dossier.id),
    withLink((lang, link) => renderSheetReturned(lang, { sheet, dossierId: dossier.id, who, message, link })),
  );
}

/** Staff ask the employer to complete the missions sheet: the company's people get the message and a link to it. */
export async function notifyMissionsComplement(
  tx: Tx,
  config: NotifyConfig,
  dossier: DossierRow,
  message: string,
): Promise<void> {
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  await mailEach(
    tx,
    config,
    await companyPeopleOf(tx, dossier),
    sheetPaths.missions(dossier.id),
    withLink((lang, link) => renderMissionsComplement(lang, { dossierId: dossier.id, who, message, link })),
  );
}

/** Staff rejected the CVEC certificate or the baccalaureate attestation: the applicant learns why. */
export async function notifyDocumentRejected(
  tx: Tx,
  config: NotifyConfig,
  dossier: DossierRow,
  document: ReviewableDocument,
  reason: string,
): Promise<void> {
  // The documents card sits on the cases page (SPEC 2, applicant cases).
  await mailEach(
    tx,
    config,
    await applicantOf(tx, dossier),
    applicantCasesPath,
    withLink((lang, link) => renderDocumentRejected(lang, { document, reason, link })),
  );
}

/** The school accepted or refused the first contact: the applicant and the company learn it (with the reason). */
export async function notifyFirstContactDecided(
  tx: Tx,
  config: NotifyConfig,
  dossier: DossierRow,
  decision: 'accept' | 'refuse',
  reason: string | undefined,
): Promise<void> {
  const dossierId = dossier.id;
  await mailEach(tx, config, await applicantOf(tx, dossier), applicantCasesPath, (lang, link) =>
    renderFirstContactDecided(lang, { decision, to: 'applicant', dossierId, who: '', reason, link }),
  );
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  // A refused case leaves the company nothing to do: the mail tells it, without a link.
  const companyPath = decision === 'accept' ? sheetPaths.f1ce(dossierId) : null;
  await mailEach(tx, config, await companyPeopleOf(tx, dossier), companyPath, (lang, link) =>
    renderFirstContactDecided(lang, { decision, to: 'company', dossierId, who, reason, link }),
  );
}

/** The employer sent its first-contact sheet: the applicant learns that the school studies the case now. */
export async function notifyEmployerFirstContactSent(tx: Tx, config: NotifyConfig, dossier: Dossier): Promise<void> {
  await mailEach(
    tx,
    config,
    await applicantOf(tx, dossier),
    applicantCasesPath,
    withLink((lang, link) => renderEmployerFirstContactSent(lang, { dossierId: dossier.id, link })),
  );
}

/** Funding accepted: both parts of the information sheet open; the company's people and the applicant get their link. */
export async function notifyInformationSheetDue(tx: Tx, config: NotifyConfig, dossier: Dossier): Promise<void> {
  const dossierId = dossier.id;
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  await mailEach(
    tx,
    config,
    await companyPeopleOf(tx, dossier),
    sheetPaths.fre(dossierId),
    withLink((lang, link) => renderInformationSheetDue(lang, { to: 'company', dossierId, who, link })),
  );
  await mailEach(
    tx,
    config,
    await applicantOf(tx, dossier),
    sheetPaths.fra(dossierId),
    withLink((lang, link) => renderInformationSheetDue(lang, { to: 'applicant', dossierId, who: '', link })),
  );
}

// ---------- Signing (issue 11) ----------

const signaturePath = (dossierId: number) => `/signature/${dossierId}`;

/**
 * A mail to a signer with a personal link to /signature/:id, in their language. `userId` null is the school: every
 * staff and admin account gets its own link (any of them signs for it).
 */
async function mailSigner(
  tx: Db | Tx,
  config: NotifyConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  userId: number | null,
  render: (lang: Language, who: string, link: MailLink) => MailContent,
): Promise<SentMail[]> {
  const people =
    userId === null ? await repo.findStaffPeople(tx) : await repo.findPerson(tx, userId).then((p) => (p ? [p] : []));
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  return mailEach(
    tx,
    config,
    people,
    signaturePath(dossier.id),
    withLink((lang, link) => render(lang, who, link)),
  );
}

/** It is this signer's turn (or a reminder of it); answers the mails queued, with their Message-IDs for the evidence. */
export async function notifySignatureTurn(
  tx: Db | Tx,
  config: SigningMailConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  userId: number | null,
  { method, reminderDays }: Pick<SignatureTurnVars, 'method' | 'reminderDays'>,
): Promise<SentMail[]> {
  return mailSigner(tx, config, dossier, userId, (lang, who, link) =>
    renderSignatureTurn(lang, { dossierId: dossier.id, who, method, reminderDays, link }),
  );
}

/**
 * The one-time code, to the address the signer's link went to (the school: the staff member who asked). Queued with the
 * code encrypted under the data keys, never in clear (mail-secret.ts): a reader of the outbox cannot sign.
 */
export async function mailSignatureCode(
  tx: Db | Tx,
  config: SigningMailConfig,
  keys: DataKeys,
  to: { email: string; lang: string },
  dossierId: number,
  code: string,
  minutes: number,
): Promise<QueuedMail> {
  return enqueueMail(
    tx,
    {
      to: to.email,
      ...renderSignatureCode(mailLanguageOf(to), { code, minutes, dossierId }),
      secret: { value: code, keys },
    },
    config,
  );
}

/** Staff accepted a signer's scan: the signer is told (issue 29). The school's own scan is staff's: nobody is mailed. */
export async function notifyScanConfirmed(
  tx: Db | Tx,
  config: NotifyConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  userId: number | null,
): Promise<void> {
  if (userId === null) return;
  await mailSigner(tx, config, dossier, userId, (lang, who, link) =>
    renderScanConfirmed(lang, { dossierId: dossier.id, who, link }),
  );
}

/** Staff rejected a signer's scan: the signer is told why, with the link back. */
export async function notifyScanRejected(
  tx: Db | Tx,
  config: NotifyConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  userId: number | null,
  reason: string,
): Promise<void> {
  await mailSigner(tx, config, dossier, userId, (lang, who, link) =>
    renderScanRejected(lang, { dossierId: dossier.id, who, reason, link }),
  );
}

/**
 * The contract is signed and sealed: every party learns it in their language, with a personal link to where they
 * download it: the applicant's cases screen, the employer's home for the company's people; a signer who is neither (a
 * minor's legal representative, a signatory outside the company's accounts) gets the signature page, which offers the
 * signed contract too. Queued in the transaction that stores the sealed result.
 */
export async function notifyContractSigned(
  tx: Db | Tx,
  config: NotifyConfig,
  dossier: Dossier,
  signerUserIds: number[],
): Promise<SentMail[]> {
  const parties = await mailCaseParties(
    tx,
    config,
    dossier,
    { applicant: applicantCasesPath, company: employerHomePath },
    (lang, link, who) => renderContractSigned(lang, { dossierId: dossier.id, who, link }),
  );
  const mailed = new Set(parties.map((mail) => mail.to));
  const others = (
    await readTogether(
      tx,
      signerUserIds.map((id) => () => repo.findPerson(tx, id)),
    )
  ).filter((person): person is repo.Person => person !== undefined && !mailed.has(person.email));
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  const rest = await mailEach(
    tx,
    config,
    [...new Map(others.map((person) => [person.id, person])).values()],
    signaturePath(dossier.id),
    withLink((lang, link) => renderContractSigned(lang, { dossierId: dossier.id, who, link })),
  );
  return [...parties, ...rest];
}

/**
 * A signer refused the documents: one mail to the school's contact address (the shared inbox the coordinators work
 * from; docs/decisions/0019), with the case, the signer's role and their reason, and the address of the case's page in
 * the back office (no personal link: an inbox several people read must not hold a sign-in token; staff sign in).
 */
export async function notifySignatureRefused(
  tx: Db | Tx,
  config: SigningMailConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  refusal: { role: SignerRole; reason: string },
): Promise<SentMail> {
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  const url = new URL(`/gestion/dossiers/${dossier.id}`, config.publicUrl).toString();
  // The address in the settings an admin saved (issue 28), the environment's while none are.
  const to = (await readCfaContact(tx, config)).email;
  const { messageId } = await enqueueMail(
    tx,
    { to, ...renderSignatureRefused('fr-FR', { dossierId: dossier.id, who, ...refusal, url }) },
    config,
  );
  return { to, messageId };
}

/** To the school's contact address: the signed contract of this case could not be sealed (renderSealFailed). */
export async function notifySealFailed(
  tx: Db | Tx,
  config: SigningMailConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  failure: { role: SignerRole | null; reason: PdfRefusal },
): Promise<SentMail> {
  const who = await repo.findAccountName(tx, dossier.admissibleUserId);
  const url = new URL(`/gestion/dossiers/${dossier.id}`, config.publicUrl).toString();
  const { messageId } = await enqueueMail(
    tx,
    { to: config.CFA_CONTACT_EMAIL, ...renderSealFailed('fr-FR', { dossierId: dossier.id, who, ...failure, url }) },
    config,
  );
  return { to: config.CFA_CONTACT_EMAIL, messageId };
}

/** Marks a job's piece of work done in the caller's transaction; false when it already was. */
export async function markJobDone(tx: Db | Tx, job: string, key: string): Promise<boolean> {
  return repo.insertJobMark(tx, job, key);
}

// ---------- Reminders (job `reminders`) ----------

export type RemindersConfig = NotifyConfig &
  Pick<Config, 'REMINDER_FIRST_CONTACT_DAYS' | 'REMINDER_INFORMATION_SHEET_DAYS'>;

export const remindersJob = 'reminders';

/**
 * One reminder per waiting period: an employer first contact to do for REMINDER_FIRST_CONTACT_DAYS, a part of the
 * information sheet to do for REMINDER_INFORMATION_SHEET_DAYS. The mark (job, `<step>:<dossier>:<time the step
 * opened>`) is inserted in the transaction that queues the mails, so a second run, or a second process, sends nothing;
 * a step sent back later opens a new period. A case that moved on (step sent, case refused, archived or closed) is no
 * longer found.
 */
export async function sendReminders(
  db: Db,
  config: RemindersConfig,
): Promise<{ firstContact: number; informationSheet: number }> {
  const sent = { firstContact: 0, informationSheet: 0 };
  const steps: [repo.WaitingStep, number][] = [
    ['f1ce', config.REMINDER_FIRST_CONTACT_DAYS],
    ['fra', config.REMINDER_INFORMATION_SHEET_DAYS],
    ['fre', config.REMINDER_INFORMATION_SHEET_DAYS],
  ];
  for (const [step, days] of steps) {
    for (const waiting of await repo.findStepsWaitingSince(db, step, days)) {
      const key = `${step}:${waiting.id}:${waiting.openedAt.toISOString()}`;
      const isSent = await db.transaction(async (tx) => {
        if (!(await repo.insertJobMark(tx, remindersJob, key))) return false;
        const toApplicant = step === 'fra';
        const people = toApplicant ? await applicantOf(tx, waiting) : await companyPeopleOf(tx, waiting);
        const who = toApplicant ? '' : await repo.findAccountName(tx, waiting.admissibleUserId);
        await mailEach(
          tx,
          config,
          people,
          sheetPaths[step](waiting.id),
          withLink((lang, link) => renderReminder(lang, { sheet: step, dossierId: waiting.id, who, days, link })),
        );
        return true;
      });
      if (isSent) sent[step === 'f1ce' ? 'firstContact' : 'informationSheet'] += 1;
    }
  }
  return sent;
}

// ---------- Staff digest (job `staff-digest`) ----------

export const staffDigestJob = 'staff-digest';

/** What waits for the school now, by stage (from the steps, SPEC 4). */
export async function findSchoolQueue(db: Db) {
  const [firstContacts, terms, contracts, documents] = await readTogether(db, [
    () => repo.countCasesAt(db, 3, 'f1ce', 2),
    () => repo.countCasesAt(db, 4, 'modalites_re', 2),
    () => repo.countCasesAt(db, 7, 'cfa', 2),
    () => repo.countDocumentsToCheck(db),
  ]);
  return { firstContacts, terms, contracts, documents };
}

/**
 * One mail a day to each staff member and admin: the cases waiting for the school and the alerts; none when there is
 * nothing to say. Marked per person and Paris day, in the transaction that queues the mail. `alerts`: the back office's
 * own counts (staff service, `countStaffAlerts`), so that the mail and the pipeline name the same cases.
 */
export async function sendStaffDigests(
  db: Db,
  config: NotifyConfig,
  alerts: StaffAlertsResponse,
  now = new Date(),
): Promise<{ sent: number }> {
  const queue = await findSchoolQueue(db);
  const total =
    queue.firstContacts + queue.terms + queue.contracts + queue.documents + alerts.stale.count + alerts.waiting.count;
  if (total === 0) return { sent: 0 };
  const day = parisDay(now);
  const home = new URL('/gestion', config.publicUrl).toString();
  let sent = 0;
  for (const person of await repo.findStaffPeople(db)) {
    const isSent = await db.transaction(async (tx) => {
      if (!(await repo.insertJobMark(tx, staffDigestJob, `${person.id}:${day}`))) return false;
      const link = await linkFor(tx, config, person.id, '/gestion?waitingFor=school');
      await enqueueMail(
        tx,
        { to: person.email, ...renderStaffDigest(mailLanguageOf(person), { queue, alerts, link, home }) },
        config,
      );
      return true;
    });
    if (isSent) sent += 1;
  }
  return { sent };
}
