import { z } from 'zod';
import { isoDate } from './portal.ts';
import { formationDatesRule, transforms, evenAfterIssues } from './rules/refinements.ts';
import { trainingMaxHours } from './rules/formation.ts';

// ---------- Formations and schools as data (issue 12): GET|POST /staff/formations, PUT /staff/formations/:id ----------

import { formationContractTypes } from './formation-contract-types.ts';

export { formationContractTypes };
export const formationContractType = z.enum(formationContractTypes);
export type FormationContractType = z.infer<typeof formationContractType>;

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** A number a form sends, or null / '' when its input is empty: then it reads as missing, not as 0. */
const emptyAsUnset = transforms.emptyToUndefined;
const whole = (min: number, max: number) => z.preprocess(emptyAsUnset, z.number().int().min(min).max(max));
/** An optional text: '' and null mean "none" and are stored as null. */
const optionalText = (max: number) => z.preprocess(emptyAsUnset, z.string().trim().max(max).optional());
const optionalDate = z.preprocess(emptyAsUnset, isoDate.optional());
const optionalWhole = (min: number, max: number) =>
  z.preprocess(emptyAsUnset, z.number().int().min(min).max(max).optional());

/**
 * School codes and formation codes: what a school's information system exports, letters, digits and separators. An
 * empty one matches the pattern so that it reads only as missing.
 */
const code = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'field.required')
    .max(max)
    .regex(/^(?:[\p{L}\p{N}][\p{L}\p{N} ._/-]*)?$/u, 'value.format');

/**
 * A school, and its rules that are data rather than code (issue 28): whether it holds workshops for its applicants (the
 * search's workshops card) and whether its baccalaureate attestation asks for the level "or more" ("Bac+2 ou plus").
 * Left out, a new school takes defaultSchoolRules and a saved one keeps its own.
 */
export const schoolBody = z
  .object({
    code: code(20),
    name: z.string().trim().min(1, 'field.required').max(200),
    holdsWorkshops: z.boolean().optional(),
    bacAttestationOrMore: z.boolean().optional(),
  })
  .strict();
export type SchoolBody = z.infer<typeof schoolBody>;

/**
 * The rules a school starts with when it is created (by the back office, a formation or an import): SPEC's, by its
 * code (EMLV and ESILV hold workshops, ESILV's attestation says "or more"); staff change them on the school afterwards.
 */
export function defaultSchoolRules(code: string): { holdsWorkshops: boolean; bacAttestationOrMore: boolean } {
  const upper = code.trim().toUpperCase();
  return { holdsWorkshops: upper === 'EMLV' || upper === 'ESILV', bacAttestationOrMore: upper === 'ESILV' };
}

export const staffSchool = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  holdsWorkshops: z.boolean(),
  bacAttestationOrMore: z.boolean(),
  formations: z.number().int(),
});
export type StaffSchool = z.infer<typeof staffSchool>;
export const staffSchoolsResponse = z.object({ schools: z.array(staffSchool) });
export type StaffSchoolsResponse = z.infer<typeof staffSchoolsResponse>;
export const staffSchoolResponse = z.object({ school: staffSchool });

/**
 * The remote hours (CERFA 10103*14, "heures en distanciel") are part of the training's hours: they need the hours to
 * be judged against, and cannot exceed them (FILING check 28).
 */
function remoteHoursRule(body: Record<string, unknown>, context: z.RefinementCtx): void {
  const remote = body['remoteHours'];
  if (typeof remote !== 'number') return;
  const hours = body['hours'];
  if (typeof hours !== 'number')
    context.addIssue({ code: 'custom', path: ['remoteHours'], message: 'formations.remote_hours_need_hours' });
  else if (remote > hours)
    context.addIssue({ code: 'custom', path: ['remoteHours'], message: 'formations.remote_hours_above_hours' });
}

/**
 * A formation as staff enter it. The contract rules (rules/contract-dates.ts) read these dates from the row whenever a
 * sheet is checked: an apprenticeship starts within 3 months of `trainingStart` and ends at most 2 months after
 * `trainingEnd`; a professionalisation contract starts after `proStartAfter` and ends before `proEndBefore` (SPEC 5),
 * so both bounds are required when PRO is offered, and are not kept otherwise.
 */
export const formationBody = z
  .object({
    schoolId: whole(1, 2_147_483_647),
    libelle: z.string().trim().min(1, 'field.required').max(300),
    code: optionalText(40).pipe(code(40).optional()),
    /** The year of study (étape): 1 for a first year ... */
    level: whole(1, 8),
    /** The start year of the programme. */
    year: whole(2000, 2100),
    contractTypes: z.array(formationContractType).min(1, 'formations.contract_types_required').max(2),
    trainingStart: isoDate,
    trainingEnd: isoDate,
    proStartAfter: optionalDate,
    proEndBefore: optionalDate,
    rncp: optionalText(20),
    /** The last day the certification is registered in the RNCP (France compétences' "date d'échéance"), if known. */
    rncpEndDate: optionalDate,
    codeDiplome: optionalText(20),
    /** The CERFA's box holds 4 digits (the State tool's limit). */
    hours: optionalWhole(1, trainingMaxHours),
    /** Of `hours`, those given remotely (CERFA 10103*14, the training convention, the 2025 funding rule). */
    remoteHours: optionalWhole(0, trainingMaxHours),
    /** The certification's level in the national framework (RNCP, 3 to 8): the 750 € employer share from level 6. */
    rncpLevel: optionalWhole(3, 8),
  })
  .strict()
  // Run even when other fields fail, so that a person sees every message at once; the values are then read warily.
  .superRefine(formationDatesRule, evenAfterIssues)
  .superRefine(remoteHoursRule, evenAfterIssues);
export type FormationBody = z.infer<typeof formationBody>;
export type FormationInput = z.input<typeof formationBody>;

export const staffFormation = z.object({
  id: z.number().int(),
  school: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  libelle: z.string(),
  code: z.string().nullable(),
  level: z.number().int(),
  year: z.number().int(),
  contractTypes: z.array(formationContractType),
  trainingStart: z.string(),
  trainingEnd: z.string(),
  proStartAfter: z.string().nullable(),
  proEndBefore: z.string().nullable(),
  rncp: z.string().nullable(),
  rncpEndDate: z.string().nullable(),
  codeDiplome: z.string().nullable(),
  hours: z.number().int().nullable(),
  remoteHours: z.number().int().nullable(),
  rncpLevel: z.number().int().nullable(),
  /** Applicants admitted to it, and those of them with a case. */
  applicants: z.number().int(),
  dossiers: z.number().int(),
});
export type StaffFormation = z.infer<typeof staffFormation>;
export const staffFormationsResponse = z.object({ formations: z.array(staffFormation) });
export type StaffFormationsResponse = z.infer<typeof staffFormationsResponse>;
export const staffFormationResponse = z.object({ formation: staffFormation });

export const staffFormationParams = z.object({ id });
export const staffSchoolParams = z.object({ id });
