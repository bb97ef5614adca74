import type {
  FormationBody,
  FormationContractType,
  SchoolBody,
  StaffFormation,
  StaffSchool,
} from '@passerelle/contract';
import { formationContractTypes } from '@passerelle/contract';
import type { Db, Tx } from '../../db/client.ts';
import { databaseErrorFields } from '../../lib/database-errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import * as repo from './formations.repo.ts';

/** A 409 whose message goes under one field of the form (a validation text code the web app puts into words). */
const fieldConflict = (field: string, code: string) => new AppError('CONFLICT', 'This value is already taken', { [field]: [code] });

/** Two requests racing past the lookup meet the unique constraint: the same 409 as the lookup gives. */
async function uniqueOr409<T>(write: () => Promise<T>, constraint: string, field: string, code: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const fields = databaseErrorFields(error);
    if (fields.dbCode === '23505' && fields.constraint === constraint) throw fieldConflict(field, code);
    throw error;
  }
}

/** Stored as the sheets read it: "APP", "PRO" or "APP,PRO" (dossiers.service contractTypeOf). */
function storedContractTypes(types: readonly FormationContractType[]): string {
  return formationContractTypes.filter((type) => types.includes(type)).join(',');
}

function wireContractTypes(stored: string): FormationContractType[] {
  return formationContractTypes.filter((type) => stored.split(',').includes(type));
}

function toStaffFormation(row: repo.FormationWithCounts): StaffFormation {
  const { formation } = row;
  return {
    id: formation.id,
    school: row.school,
    libelle: formation.libelle,
    code: formation.code,
    level: formation.etape,
    year: formation.year,
    contractTypes: wireContractTypes(formation.contractTypes),
    trainingStart: formation.trainingStart,
    trainingEnd: formation.trainingEnd,
    proStartAfter: formation.proStartAfter,
    proEndBefore: formation.proEndBefore,
    rncp: formation.rncp,
    rncpEndDate: formation.rncpEndDate,
    codeDiplome: formation.codeDiplome,
    hours: formation.hours,
    remoteHours: formation.remoteHours,
    rncpLevel: formation.rncpLevel,
    applicants: row.applicants,
    dossiers: row.dossiers,
  };
}

/** GET /staff/formations: every formation with its school and how many applicants and cases it holds. */
export async function findStaffFormations(db: Db): Promise<StaffFormation[]> {
  return (await repo.findFormationsWithCounts(db)).map(toStaffFormation);
}

async function getStaffFormation(db: Db | Tx, id: number): Promise<StaffFormation> {
  const row = await repo.findFormationWithCounts(db, id);
  if (!row) throw notFound('No such formation');
  return toStaffFormation(row);
}

/**
 * The row as stored. Professionalisation bounds are kept only while PRO is offered: the rules would otherwise apply
 * bounds nobody sees on the screen.
 */
function formationRow(body: FormationBody): repo.NewFormationRow {
  const offersPro = body.contractTypes.includes('PRO');
  return {
    schoolId: body.schoolId,
    libelle: body.libelle,
    code: body.code ?? null,
    etape: body.level,
    year: body.year,
    contractTypes: storedContractTypes(body.contractTypes),
    trainingStart: body.trainingStart,
    trainingEnd: body.trainingEnd,
    proStartAfter: offersPro ? (body.proStartAfter ?? null) : null,
    proEndBefore: offersPro ? (body.proEndBefore ?? null) : null,
    rncp: body.rncp ?? null,
    rncpEndDate: body.rncpEndDate ?? null,
    codeDiplome: body.codeDiplome ?? null,
    hours: body.hours ?? null,
    remoteHours: body.remoteHours ?? null,
    rncpLevel: body.rncpLevel ?? null,
  };
}

async function checkFormationBody(tx: Tx, body: FormationBody, id?: number): Promise<void> {
  if (!(await repo.findSchool(tx, body.schoolId))) throw new AppError('VALIDATION_FAILED', undefined, { schoolId: ['formations.school_unknown'] });
  if (!body.code) return;
  const holder = await repo.findFormationByCode(tx, body.code);
  if (holder && holder.id !== id) throw fieldConflict('code', 'formations.code_taken');
}

/** POST /staff/formations. */
export async function createFormation(db: Db, body: FormationBody): Promise<StaffFormation> {
  return db.transaction(async (tx) => {
    await checkFormationBody(tx, body);
    const id = await uniqueOr409(() => repo.insertFormation(tx, formationRow(body)), 'formations_code_unique', 'code', 'formations.code_taken');
    return getStaffFormation(tx, id);
  });
}

/**
 * PUT /staff/formations/:id. Sent sheets keep what was sent: their stored data is not touched; the rules read the new
 * dates from this row the next time a sheet is checked or sent (dossiers.service cerfaParamsOf).
 */
export async function updateStaffFormation(db: Db, id: number, body: FormationBody): Promise<StaffFormation> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockFormation(tx, id))) throw notFound('No such formation');
    await checkFormationBody(tx, body, id);
    await uniqueOr409(() => repo.updateFormation(tx, id, formationRow(body)), 'formations_code_unique', 'code', 'formations.code_taken');
    return getStaffFormation(tx, id);
  });
}

/** GET /staff/schools. */
export async function findStaffSchools(db: Db): Promise<StaffSchool[]> {
  return repo.findSchoolsWithCounts(db);
}

async function getStaffSchool(db: Db | Tx, id: number): Promise<StaffSchool> {
  const [school] = await repo.findSchoolsWithCounts(db, id);
  if (!school) throw notFound('No such school');
  return school;
}

async function checkSchoolCode(tx: Tx, code: string, id?: number): Promise<void> {
  const holder = await repo.findSchoolByCode(tx, code);
  if (holder && holder.id !== id) throw fieldConflict('code', 'schools.code_taken');
}

/** POST /staff/schools. */
export async function createSchool(db: Db, body: SchoolBody): Promise<StaffSchool> {
  return db.transaction(async (tx) => {
    await checkSchoolCode(tx, body.code);
    const id = await uniqueOr409(() => repo.insertSchool(tx, body), 'schools_code_unique', 'code', 'schools.code_taken');
    return getStaffSchool(tx, id);
  });
}

/** PUT /staff/schools/:id. */
export async function updateStaffSchool(db: Db, id: number, body: SchoolBody): Promise<StaffSchool> {
  return db.transaction(async (tx) => {
    if (!(await repo.findSchool(tx, id))) throw notFound('No such school');
    await checkSchoolCode(tx, body.code, id);
    await uniqueOr409(() => repo.updateSchool(tx, id, body), 'schools_code_unique', 'code', 'schools.code_taken');
    return getStaffSchool(tx, id);
  });
}
