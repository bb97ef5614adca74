import { z } from 'zod';
import { progressSteps } from './dossier-progress.ts';
import { isoDate, etapeStatus } from './portal.ts';
import { userType } from './auth.ts';
import { sheetKinds, waitingFor } from './sheets.ts';

// ---------- Back-office pipeline (issue 10) ----------

const pipelineStatuts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

/** Who a case waits for, as the back office names them: the applicant, the company or the school (the CFA staff). */
export const pipelineWaitingFor = ['applicant', 'company', 'school'] as const;
export type PipelineWaitingFor = (typeof pipelineWaitingFor)[number];

export const pipelineSorts = ['updated', '-updated', 'id', 'name'] as const;
export type PipelineSort = (typeof pipelineSorts)[number];

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** One or several statuses: `statut=3,4` or `statut=3&statut=4`. */
const statutList = z.preprocess(
  (value: unknown): unknown => {
    if (value === '' || value === undefined) return undefined;
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .map((part) => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '');
  },
  z.array(z.coerce.number().int().min(1).max(13)).min(1).max(13).optional(),
);

export const staffDossiersQuery = z
  .object({
    q: unsetWhenEmpty(z.string().trim().max(200)),
    statut: statutList,
    school: unsetWhenEmpty(z.string().trim().max(50)),
    /** A step (SPEC 4, case steps) that is active now. */
    step: unsetWhenEmpty(z.enum(progressSteps)),
    waitingFor: unsetWhenEmpty(z.enum(pipelineWaitingFor)),
    updatedFrom: unsetWhenEmpty(isoDate),
    updatedTo: unsetWhenEmpty(isoDate),
    sort: unsetWhenEmpty(z.enum(pipelineSorts)).default('-updated'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.updatedFrom && q.updatedTo && q.updatedTo < q.updatedFrom) {
      ctx.addIssue({ code: 'custom', path: ['updatedTo'], message: 'staff.dates_reversed' });
    }
  });
export type StaffDossiersQuery = z.infer<typeof staffDossiersQuery>;

export const staffDossierItem = z.object({
  id: z.number().int(),
  dossierName: z.string().nullable(),
  dossierStatut: z.number().int().min(1).max(13),
  etapeStatus: z.array(etapeStatus),
  applicant: z.object({ nom: z.string(), prenom: z.string(), email: z.string() }),
  /** The school's code and the formation's label, when the case has a formation. */
  school: z.string().nullable(),
  formation: z.string().nullable(),
  companyName: z.string().nullable(),
  waitingFor,
  updatedAt: z.string(),
});
export type StaffDossierItem = z.infer<typeof staffDossierItem>;

const statutKey = z.enum(pipelineStatuts.map(String) as [string, ...string[]]);

export const staffDossiersResponse = z.object({
  items: z.array(staffDossierItem),
  /** Cases under every filter. */
  total: z.number().int(),
  /** For each status 1..13, the cases under every filter but `statut`. */
  counts: z.record(statutKey, z.number().int()),
});
export type StaffDossiersResponse = z.infer<typeof staffDossiersResponse>;

export const staffDossierParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const staffDocument = z.object({
  id: z.string(),
  /** cv, cvec, attestationBac, ficheMission (the job description), cerfa, cerfaAvenant. */
  kind: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const staffDossierEvent = z.object({
  at: z.string(),
  type: z.string(),
  /** Null when the acting user is gone. */
  actor: z.object({ name: z.string(), email: z.string(), userType }).nullable(),
  /** Status and step changes, the decision, the reason given: no personal data. */
  details: z.record(z.string(), z.unknown()),
});
export type StaffDossierEvent = z.infer<typeof staffDossierEvent>;

export const staffDossierDetailResponse = staffDossierItem.extend({
  dossierAccessible: z.boolean(),
  sheets: z.array(
    z.object({
      kind: z.enum(sheetKinds),
      status: z.enum(['draft', 'submitted']),
      data: z.record(z.string(), z.unknown()),
      submittedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  documents: z.array(staffDocument),
  events: z.array(staffDossierEvent),
});
export type StaffDossierDetailResponse = z.infer<typeof staffDossierDetailResponse>;
