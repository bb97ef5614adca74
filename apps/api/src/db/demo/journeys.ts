import { stepTypes, type StepType } from '@passerelle/contract';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/auth.ts';
import { createDossier } from '../../modules/dossiers/dossiers.service.ts';
import { decideFunding, submitSheet, type SheetsDeps } from '../../modules/sheets/sheets.service.ts';
import { decideFirstContact, markContractPrepared, recordTerms } from '../../modules/staff/staff.service.ts';
import type { Db } from '../client.ts';
import { auditLog, dossierSteps, dossiers, sheets } from '../schema/index.ts';
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
 * Brings a demo dossier to its stage the way people would: the applicant creates it and sends the first contact, the
 * employer answers, staff decide and record the terms, the employer validates the funding, both parts of the
 * information sheet are sent, staff prepare the contract. What no endpoint does yet (returning a sheet to its author,
 * signatures, archiving) is written afterwards as those modules will write it.
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
  signing: toContract,
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
      await decideFirstContact(db, journey.staff, dossierId, action, action === 'refuse' ? 'Poste sans lien avec la formation' : undefined);
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
      await markContractPrepared(db, journey.staff, dossierId);
      return;
  }
}

async function writeSteps(db: Db, dossierId: number, steps: Partial<Record<StepType, number>>): Promise<void> {
  for (const type of stepTypes) {
    const status = steps[type];
    if (status === undefined) continue;
    await db
      .insert(dossierSteps)
      .values({ dossierId, type, status })
      .onConflictDoUpdate({ target: [dossierSteps.dossierId, dossierSteps.type], set: { status } });
  }
}

/** What staff wrote when they returned a sheet or archived a case: the sheets show it to the people concerned. */
export const demoReasons = {
  returned: 'La date de début du contrat ne correspond pas au calendrier de la formation : merci de la corriger.',
  archived: 'Sans réponse de l’employeur depuis deux mois, le dossier a été archivé. Vous pouvez en ouvrir un nouveau.',
} as const;

/** What the later modules will write (returning a sheet, signatures, the end of a contract, archiving), with its audit entry. */
async function finish(db: Db, journey: DemoJourney, dossierId: number): Promise<void> {
  const target = stageState(journey.stage);
  const record = (action: string, extra: Record<string, string> = {}) =>
    db.insert(auditLog).values({ dossierId, actorUserId: journey.staff.id, action, details: { source: 'demo', statut: target.statut, ...extra } });
  switch (journey.stage) {
    case 'firstContactReturned':
      // Returned to its author: the sheet is a draft again, holding what was sent, and its step is to do again (5).
      await db.update(sheets).set({ status: 'draft', submittedAt: null }).where(and(eq(sheets.dossierId, dossierId), eq(sheets.kind, 'f1ca')));
      await writeSteps(db, dossierId, { f1ca: 5 });
      await db.update(dossiers).set({ dossierStatut: target.statut }).where(eq(dossiers.id, dossierId));
      await record('sheet.returned', { kind: 'f1ca', reason: demoReasons.returned });
      return;
    case 'archived':
      await db.update(dossiers).set({ dossierStatut: target.statut, dossierAccessible: false }).where(eq(dossiers.id, dossierId));
      await record('dossier.archived', { reason: demoReasons.archived });
      return;
    case 'signing':
    case 'signed':
    case 'accepted':
    case 'addendum':
    case 'breaking':
    case 'broken':
      await writeSteps(db, dossierId, target.steps);
      await db.update(dossiers).set({ dossierStatut: target.statut }).where(eq(dossiers.id, dossierId));
      await record(journey.stage === 'signing' ? 'signature.started' : `contract.${journey.stage}`);
      return;
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
  await finish(db, journey, id);
  const reached = await stateOf(db, id);
  const expected = stageState(journey.stage);
  if (!sameState(reached, expected))
    throw new Error(`demo dossier at ${journey.stage}: reached ${JSON.stringify(reached)}, expected ${JSON.stringify(expected)}`);
  return id;
}
