import { stepTypes } from '@passerelle/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AuthUser } from '../plugins/auth.ts';
import { createDossier } from '../modules/dossiers/dossiers.service.ts';
import { revealSecret } from '../modules/mail/mail.service.ts';
import { decideFunding } from '../modules/sheets/funding.service.ts';
import { submitSheet, type SheetsDeps } from '../modules/sheets/sheets.service.ts';
import {
  chooseMethod,
  cfaIdentityOf,
  getSignature,
  sendCode,
  finalizeProcedure,
  sign,
  uploadScan,
  type FlowDeps,
} from '../modules/signature-flow/signature-flow.service.ts';
import {
  archiveDossier,
  markBroken,
  markFiled,
  markRegistered,
  markSigned,
  prepareContract,
  returnSheet,
  startBreaking,
} from '../modules/staff/staff-actions.service.ts';
import { decideFirstContact, recordTerms } from '../modules/staff/staff.service.ts';
import type { Db } from '../db/client.ts';
import { dossierSteps, dossiers, mailOutbox, signatureProcedures, signatureSigners, users } from '../db/schema/index.ts';
import { renderPdf } from './documents.ts';
import {
  applicantFirstContact,
  applicantInformationSheet,
  demoTerms,
  employerFirstContact,
  employerInformationSheet,
  type SheetCompany,
  type SheetContract,
  type SheetPerson,
} from './sheet-data.ts';
import { stageState, type DemoStage, type DemoState } from './stages.ts';

/**
 * Brings a demo dossier to its stage the way people would, through the product's services: the applicant creates it and
 * sends the first contact, the employer answers, staff decide and record the terms, the employer validates the funding,
 * both parts of the information sheet are sent, staff prepare the contract (documents generated, signature procedure
 * opened), the signers sign in turn (online with the code mailed to them, or a paper scan), the sealed contract is
 * stored; then staff file, register, terminate, return a sheet or archive the case.
 */

type Action = 'f1ca' | 'f1ce' | 'accept' | 'refuse' | 'terms' | 'funding' | 'fre' | 'fra' | 'contract';

const toFunding: Action[] = ['f1ca', 'f1ce', 'accept', 'terms'];
const toContract: Action[] = [...toFunding, 'funding', 'fre', 'fra', 'contract'];

const journeys: Record<DemoStage, Action[]> = {
  firstContactToFill: [],
  firstContactReturned: ['f1ca'],
  awaitingEmployer: ['f1ca'],
  firstContactReview: ['f1ca', 'f1ce'],
  refusedAtFirstContact: ['f1ca', 'f1ce', 'refuse'],
  terms: ['f1ca', 'f1ce', 'accept'],
  funding: toFunding,
  informationSheet: [...toFunding, 'funding'],
  employerPartSent: [...toFunding, 'funding', 'fre'],
  applicantPartSent: [...toFunding, 'funding', 'fra'],
  employerToSign: toContract,
  applicantToSign: toContract,
  scanSubmitted: toContract,
  signed: toContract,
  archived: ['f1ca'],
  accepted: toContract,
  addendum: toContract,
  breaking: toContract,
  broken: toContract,
};

export interface DemoJourney {
  stage: DemoStage;
  applicant: AuthUser;
  /** The company's demo account, or staff acting for a company without one (staff may act on every sheet). */
  employer: AuthUser;
  staff: AuthUser;
  /** Set before the first contact is sent: a company already known, so that no account is created for its contact. */
  companyId: number | null;
  person: SheetPerson;
  company: SheetCompany | null;
  contract: SheetContract;
  nir: string;
  /** The signing flow's dependencies, bound to the loading transaction. */
  flow: FlowDeps;
  /** The loading time, and the case's last update in days before it (the dates staff type: filed, terminated). */
  now: Date;
  daysAgo: number;
}

async function act(db: Db, deps: SheetsDeps, journey: DemoJourney, dossierId: number, action: Action): Promise<void> {
  const { company, contract } = journey;
  if (!company) throw new Error(`${journey.stage} needs a company`);
  switch (action) {
    case 'f1ca':
      await submitSheet(deps, journey.applicant, 'f1ca', dossierId, applicantFirstContact(journey.person, company, contract, journey.nir));
      return;
    case 'f1ce':
      await submitSheet(deps, journey.employer, 'f1ce', dossierId, employerFirstContact(company, contract));
      return;
    case 'accept':
    case 'refuse':
      await decideFirstContact(deps, journey.staff, dossierId, action, action === 'refuse' ? 'Poste sans lien avec la formation' : undefined);
      return;
    case 'terms':
      await recordTerms(deps, journey.staff, dossierId, demoTerms);
      return;
    case 'funding':
      await decideFunding(deps, journey.employer, dossierId, { decision: 'accepted' });
      return;
    case 'fre':
      await submitSheet(deps, journey.employer, 'fre', dossierId, employerInformationSheet(company, contract));
      return;
    case 'fra':
      await submitSheet(deps, journey.applicant, 'fra', dossierId, applicantInformationSheet(journey.person, journey.nir));
      return;
    case 'contract':
      // load.ts gives a made-up CFA identity when none is set; one set without its UAI or SIRET needs staff's override.
      await prepareContract(
        journey.flow,
        journey.staff,
        dossierId,
        cfaIdentityOf(journey.flow.config)?.uai && cfaIdentityOf(journey.flow.config)?.siret ? undefined : { override: true, reason: demoReasons.override },
      );
      return;
  }
}

/** What staff wrote when they returned a sheet or archived a case: the sheets show it to the people concerned. */
export const demoReasons = {
  returned: 'La date de début du contrat ne correspond pas au calendrier de la formation : merci de la corriger.',
  archived: 'Sans réponse de l’employeur depuis deux mois, le dossier a été archivé. Vous pouvez en ouvrir un nouveau.',
  override: 'Démonstration : l’identité du CFA (UAI, SIRET) n’est pas encore configurée sur cette installation.',
  breaking: 'Rupture d’un commun accord pendant la période d’essai, à la demande de l’alternante.',
  broken: 'Rupture d’un commun accord : l’alternante poursuit sa formation chez un autre employeur.',
} as const;

/**
 * Stages whose contract was signed on paper (staff's `signed` action: the procedure cancelled, no file kept); the other
 * signed stages were signed online by everyone and carry the sealed contract (`cerfa_file_id`).
 */
export const paperSigned: ReadonlySet<DemoStage> = new Set(['accepted', 'breaking', 'broken']);

const demoClient = { ip: '127.0.0.1', userAgent: 'Passerelle demo data' };

/** The signers of the case's open procedure, in order, as whom each signs (the school signs through staff). */
async function signersOf(db: Db, dossierId: number, staff: AuthUser): Promise<{ role: string; email: string; user: AuthUser }[]> {
  const rows = await db
    .select({ role: signatureSigners.role, email: signatureSigners.email, userId: signatureSigners.userId, userType: users.userType })
    .from(signatureSigners)
    .innerJoin(signatureProcedures, eq(signatureProcedures.id, signatureSigners.procedureId))
    .leftJoin(users, eq(users.id, signatureSigners.userId))
    .where(and(eq(signatureProcedures.dossierId, dossierId), eq(signatureProcedures.state, 'pending')))
    .orderBy(asc(signatureSigners.signOrder));
  return rows.map((row) => ({
    role: row.role,
    email: row.email,
    user: row.role === 'school' || row.userId === null ? staff : { id: row.userId, userType: row.userType as AuthUser['userType'] },
  }));
}

/**
 * Signs online as the signer would: reads the documents' versions, asks for the code, reads it in the mail the service
 * queued as it would be sent (the code is queued encrypted, and only its hash is kept with the signer), and signs with
 * it. The demo's mails are deleted after loading.
 */
async function signOnline(flow: FlowDeps, user: AuthUser, dossierId: number): Promise<void> {
  const { documents } = await getSignature(flow, user, dossierId);
  const { sentTo } = await sendCode(flow, user, dossierId);
  const [queued] = await flow.db
    .select({ subject: mailOutbox.subject, textBody: mailOutbox.textBody, htmlBody: mailOutbox.htmlBody, sealedSecret: mailOutbox.sealedSecret })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, sentTo))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /^(\d{6})$/m.exec(queued ? revealSecret(queued, flow.keys).textBody : '')?.[1];
  if (!code) throw new Error(`demo dossier ${dossierId}: no signature code mailed to ${sentTo}`);
  await sign(flow, user, dossierId, { code, documents: documents.map(({ id, sha256 }) => ({ id, sha256 })) }, demoClient);
}

/** The scan an employer sends when signing on paper (manual method). */
function paperScan(journey: DemoJourney, dossierId: number): Promise<Uint8Array> {
  return renderPdf({
    title: `Contrat signé — dossier n° ${dossierId}`,
    subtitle: 'Scan de démonstration des documents signés à la main par l’employeur',
    blocks: [{ lines: [`Employeur : ${journey.company?.name ?? ''}`, `Alternant(e) : ${journey.person.prenom} ${journey.person.nom}`, 'Lu et approuvé, bon pour accord.'] }],
    footer: 'Scan — document de démonstration',
    date: new Date(),
  });
}

/** The contract signed online by every signer in turn, the employer choosing the method: the result is sealed. */
async function signAll(db: Db, journey: DemoJourney, dossierId: number, upTo?: string): Promise<void> {
  const signers = await signersOf(db, dossierId, journey.staff);
  const first = signers[0];
  if (!first) throw new Error(`demo dossier ${dossierId}: no signer`);
  await chooseMethod(journey.flow, first.user, dossierId, 'online');
  for (const signer of signers) {
    if (signer.role === upTo) return;
    await signOnline(journey.flow, signer.user, dossierId);
  }
  // The last signature queued the seal for the queue runner; the demo's case carries it once loaded, so sealed here
  // (the queued job then finds it done).
  await finalizeProcedure(journey.flow, dossierId);
}

/** After the journey: a sheet returned or the case archived (issue 10), the signatures (issue 11), the contract's later life. */
async function finish(db: Db, deps: SheetsDeps, journey: DemoJourney, dossierId: number): Promise<void> {
  switch (journey.stage) {
    case 'firstContactReturned':
      // Returned to its author by staff (issue 10): the sheet is a draft again, holding what was sent, its step 5.
      await returnSheet(deps, journey.staff, dossierId, { sheet: 'f1ca', message: demoReasons.returned });
      return;
    case 'archived':
      // Archived by staff (issue 10): the audit entry keeps the former status, so that the case can be reopened.
      await archiveDossier(deps, journey.staff, dossierId, demoReasons.archived);
      await db.update(dossiers).set({ dossierAccessible: false }).where(eq(dossiers.id, dossierId));
      return;
    case 'employerToSign':
      // The signatory chooses the method and signs: left to whoever signs in as them.
      return;
    case 'applicantToSign':
      await signAll(db, journey, dossierId, 'apprentice');
      return;
    case 'scanSubmitted': {
      const [employer] = await signersOf(db, dossierId, journey.staff);
      if (!employer) throw new Error(`demo dossier ${dossierId}: no signer`);
      await chooseMethod(journey.flow, employer.user, dossierId, 'manual');
      const bytes = await paperScan(journey, dossierId);
      await uploadScan(journey.flow, employer.user, dossierId, { filename: 'contrat-signe.pdf', bytes, truncated: false }, demoClient);
      return;
    }
    case 'signed':
    case 'accepted':
    case 'addendum':
    case 'breaking':
    case 'broken': {
      const on = (days: number) => new Date(journey.now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
      // Sealing costs about half a second a contract (the first start's load): three of the five were signed on paper.
      if (paperSigned.has(journey.stage)) await markSigned(deps, journey.staff, dossierId, on(journey.daysAgo + 4));
      else await signAll(db, journey, dossierId);
      if (journey.stage === 'signed') return;
      await markFiled(deps, journey.staff, dossierId, on(journey.daysAgo + 2));
      if (journey.stage === 'accepted') return;
      await markRegistered(deps, journey.staff, dossierId, `DECA-${String(dossierId).padStart(6, '0')}`);
      if (journey.stage === 'addendum') return;
      await startBreaking(deps, journey.staff, dossierId, { date: on(journey.daysAgo), reason: demoReasons.breaking });
      if (journey.stage === 'breaking') return;
      await markBroken(deps, journey.staff, dossierId, { date: on(journey.daysAgo), reason: demoReasons.broken });
      return;
    }
    default:
      return;
  }
}

async function stateOf(db: Db, dossierId: number): Promise<DemoState> {
  const [row] = await db.select({ statut: dossiers.dossierStatut }).from(dossiers).where(eq(dossiers.id, dossierId));
  const rows = await db.select({ type: dossierSteps.type, status: dossierSteps.status }).from(dossierSteps).where(eq(dossierSteps.dossierId, dossierId));
  return { statut: row?.statut ?? 0, steps: Object.fromEntries(rows.map((r) => [r.type, r.status])) };
}

const sameState = (a: DemoState, b: DemoState) =>
  a.statut === b.statut && stepTypes.every((type) => a.steps[type] === b.steps[type]);

/** Creates the dossier and brings it to its stage; throws when the services end anywhere else than the stage says. */
export async function driveDossier(db: Db, deps: SheetsDeps, journey: DemoJourney): Promise<number> {
  const { id } = await createDossier(db, journey.applicant, Number.MAX_SAFE_INTEGER);
  if (journey.companyId !== null) await db.update(dossiers).set({ companyId: journey.companyId }).where(eq(dossiers.id, id));
  for (const action of journeys[journey.stage]) await act(db, deps, journey, id, action);
  await finish(db, deps, journey, id);
  const reached = await stateOf(db, id);
  const expected = stageState(journey.stage);
  if (!sameState(reached, expected))
    throw new Error(`demo dossier at ${journey.stage}: reached ${JSON.stringify(reached)}, expected ${JSON.stringify(expected)}`);
  return id;
}
