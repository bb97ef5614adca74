import { stepTypes, type CerfaParams, type Dossier, type StepType } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fileUrl } from '../files/files.service.ts';
import {
  findAdmissible,
  findDossierById,
  findDossiersOfAdmissible,
  findFormationWithSchool,
  findStepsOfDossiers,
  isCompanyUser,
  type DossierRow,
  type DossierStepRow,
} from './dossiers.repo.ts';

/**
 * The dossier, when this user may see it: its applicant, a user of its company, or staff and admins.
 * Anyone else gets 404, so a dossier id reveals nothing; user types that never see dossiers get 403.
 */
export async function getDossierForUser(db: Db, user: AuthUser, dossierId: number): Promise<DossierRow> {
  switch (user.userType) {
    case 'staff':
    case 'admin': {
      const dossier = await findDossierById(db, dossierId);
      if (!dossier) throw notFound('Dossier not found');
      return dossier;
    }
    case 'admissible': {
      const dossier = await findDossierById(db, dossierId);
      if (!dossier || dossier.admissibleUserId !== user.id) throw notFound('Dossier not found');
      return dossier;
    }
    case 'company': {
      const dossier = await findDossierById(db, dossierId);
      if (!dossier || dossier.companyId === null || !(await isCompanyUser(db, dossier.companyId, user.id))) {
        throw notFound('Dossier not found');
      }
      return dossier;
    }
    case 'anon':
    case 'intervenant':
    case 'student':
    case 'parent':
      throw forbidden();
  }
}

const stepOrder = new Map<string, number>(stepTypes.map((type, index) => [type, index]));
const isStepType = (type: string): type is StepType => stepOrder.has(type);

function toDossier(row: DossierRow, steps: DossierStepRow[]): Dossier {
  return {
    id: row.id,
    dossierName: row.dossierName,
    dossierStatut: row.dossierStatut,
    dossierAccessible: row.dossierAccessible,
    etapeStatus: steps
      .flatMap((s) => (isStepType(s.type) ? [{ type: s.type, status: s.status }] : []))
      .sort((a, b) => (stepOrder.get(a.type) ?? 0) - (stepOrder.get(b.type) ?? 0)),
    dossierCerfa: row.cerfaFileId ? fileUrl(row.cerfaFileId) : null,
    dossierCerfaAvenant: row.cerfaAvenantFileId ? fileUrl(row.cerfaAvenantFileId) : null,
    dossierLastUpdate: row.lastUpdate.toISOString(),
  };
}

/** The applicant's dossiers with their steps, most recently updated first. */
export async function findPortalDossiers(db: Db, userId: number): Promise<Dossier[]> {
  const rows = await findDossiersOfAdmissible(db, userId);
  const steps = await findStepsOfDossiers(
    db,
    rows.map((r) => r.id),
  );
  const byDossier = new Map<number, DossierStepRow[]>();
  for (const step of steps) byDossier.set(step.dossierId, [...(byDossier.get(step.dossierId) ?? []), step]);
  return rows.map((row) => toDossier(row, byDossier.get(row.id) ?? []));
}

function contractTypeOf(admissibleChoice: string | null | undefined, formationTypes: string | undefined): CerfaParams['contractType'] {
  if (admissibleChoice === 'APP' || admissibleChoice === 'PRO') return admissibleChoice;
  // A formation open to a single contract type decides it; one open to both leaves the choice to the sheets.
  if (formationTypes === 'APP' || formationTypes === 'PRO') return formationTypes;
  return null;
}

/** Training dates and bounds the contract forms check against: the dossier's formation, else the applicant's. */
export async function getCerfaParams(db: Db, user: AuthUser, dossierId: number): Promise<CerfaParams> {
  const dossier = await getDossierForUser(db, user, dossierId);
  const admissible = await findAdmissible(db, dossier.admissibleUserId);
  const formationId = dossier.formationId ?? admissible?.formationId ?? null;
  const formation = formationId === null ? undefined : await findFormationWithSchool(db, formationId);
  return {
    dossierId: dossier.id,
    contractType: contractTypeOf(admissible?.contractType, formation?.contractTypes),
    formation: formation
      ? {
          libelle: formation.libelle,
          school: formation.school,
          trainingStart: formation.trainingStart,
          trainingEnd: formation.trainingEnd,
          proStartAfter: formation.proStartAfter,
          proEndBefore: formation.proEndBefore,
          rncp: formation.rncp,
          codeDiplome: formation.codeDiplome,
          hours: formation.hours,
        }
      : null,
  };
}
