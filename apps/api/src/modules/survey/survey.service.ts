import {
  DOSSIER_STATUS,
  SURVEY_PAGES,
  SURVEY_SCALE_MAX,
  surveyQuestions,
  surveySteps,
  type BulkSurveyInvitationBody,
  type BulkSurveyInvitationResponse,
  type CaseSurveysResponse,
  type SaveSurveyBody,
  type StaffSurveyResultsResponse,
  type SurveyResponse,
  type SurveyStep,
} from '@passerelle/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { CsvValue } from '../../lib/csv-write.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { withDossier, type DossierRow } from '../dossiers/dossiers.service.ts';
import { mailCaseParties } from '../notifications/notifications.service.ts';
import { renderSurveyInvitation } from './survey-mails.ts';
import * as repo from './survey.repo.ts';

/**
 * The closing survey (issue 11, "Survey"): the case's applicant and its company's people answer three pages, saved page
 * by page, one answer per person and step; staff read the results per question and export them. Staff and admins do not
 * answer (403): the survey asks the parties.
 */

/**
 * A contract signed by every party (SPEC 4 "accepted"), whatever came after: the `signature` survey is open, and staff
 * may send the other steps.
 */
const signedStatutList = [
  DOSSIER_STATUS.ACCEPTED,
  DOSSIER_STATUS.FILED,
  DOSSIER_STATUS.REGISTERED,
  DOSSIER_STATUS.BREAKING,
  DOSSIER_STATUS.BROKEN,
] as const;
const signedStatuts: ReadonlySet<number> = new Set(signedStatutList);

function respondentOf(user: AuthUser): 'admissible' | 'company' {
  if (user.userType === 'admissible') return 'admissible';
  if (user.userType === 'company') return 'company';
  throw forbidden();
}

/** A step is open to the case's parties once it was sent to the case; `signature` also as soon as the case is signed. */
const isOpen = (etape: SurveyStep, row: DossierRow, invitation: repo.SurveyInvitationRow | undefined): boolean =>
  invitation !== undefined || (etape === 'signature' && signedStatuts.has(row.dossierStatut));

async function assertOpen(db: Db | Tx, etape: SurveyStep, row: DossierRow): Promise<void> {
  if (isOpen(etape, row, await repo.findInvitation(db, row.id, etape))) return;
  throw new AppError(
    'CONFLICT',
    etape === 'signature' ? 'The survey opens once the contract is signed' : 'This survey is not open for this case',
  );
}

function toResponse(etape: SurveyStep, dossierId: number, row: repo.SurveyAnswerRow | undefined): SurveyResponse {
  return {
    etape,
    dossierId,
    page: row?.page ?? 0,
    answers: row?.answers ?? {},
    completed: Boolean(row?.completedAt),
    completedAt: row?.completedAt?.toISOString() ?? null,
  };
}

/** GET /sondage/:etape/:id: what this person has saved so far. */
export async function getSurvey(db: Db, user: AuthUser, etape: SurveyStep, dossierId: number): Promise<SurveyResponse> {
  respondentOf(user);
  return withDossier(db, user, dossierId, { access: 'party' }, async (dossier) => {
    await assertOpen(db, etape, dossier.row);
    return toResponse(etape, dossierId, await repo.findAnswer(db, dossierId, etape, user.id));
  });
}

/** PUT /sondage/:etape/:id: one page's answers, merged into the person's row; page 3 completes it, which then is final. */
export async function saveSurveyPage(
  db: Db,
  user: AuthUser,
  etape: SurveyStep,
  dossierId: number,
  body: SaveSurveyBody,
): Promise<SurveyResponse> {
  const respondent = respondentOf(user);
  return withDossier(db, user, dossierId, { access: 'party', lock: true }, async (dossier, tx) => {
    await assertOpen(tx, etape, dossier.row);
    const existing = await repo.findAnswer(tx, dossierId, etape, user.id);
    if (existing?.completedAt) throw new AppError('LOCKED', 'This survey is already answered');
    const set: Record<string, number | string> = {};
    const cleared: string[] = [];
    for (const [id, value] of Object.entries(body.answers)) {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === null || text === '') cleared.push(id);
      else set[id] = text;
    }
    const saved = await repo.upsertAnswer(
      tx,
      { dossierId, etape, userId: user.id, respondent, page: body.page },
      set,
      cleared,
      body.page === SURVEY_PAGES,
    );
    return toResponse(etape, dossierId, saved);
  });
}

// ---------- The invitation: when a case is signed, and the steps staff send ----------

export type SurveyMailConfig = Pick<Config, 'publicUrl' | 'LOGIN_LINK_TTL' | 'MAIL_FROM'>;

/** The survey's page of a step and case (SPEC 2, route table). */
export const surveyPath = (etape: SurveyStep, dossierId: number) => `/sondage/${etape}/${dossierId}`;

type InvitedCase = Pick<DossierRow, 'id' | 'admissibleUserId' | 'companyId'>;

/** The applicant and the company's people each get a personal link to the step's survey; answers how many mails. */
async function mailInvitation(
  tx: Db | Tx,
  config: SurveyMailConfig,
  dossier: InvitedCase,
  etape: SurveyStep,
): Promise<number> {
  let mails = 0;
  await mailCaseParties(tx, config, dossier, surveyPath(etape, dossier.id), (lang, link, who) => {
    mails += 1;
    return renderSurveyInvitation(lang, { etape, dossierId: dossier.id, who, link });
  });
  return mails;
}

/**
 * The case is signed (status 8, online or on paper), or staff send a step (`sentBy`): the step's invitation is recorded
 * (it opens the step; a second sending counts as a reminder) and the parties are mailed, queued in the caller's
 * transaction (nothing is sent when it rolls back). Answers how many mails were queued.
 */
export async function sendSurveyInvitations(
  tx: Db | Tx,
  config: SurveyMailConfig,
  dossier: InvitedCase,
  etape: SurveyStep = 'signature',
  sentBy: number | null = null,
): Promise<number> {
  await repo.recordInvitation(tx, { dossierId: dossier.id, etape, sentBy });
  return mailInvitation(tx, config, dossier, etape);
}

/** A case's survey steps as staff see them: open or not, sent when and how often, who answered. */
async function caseSurveys(db: Db | Tx, row: DossierRow): Promise<CaseSurveysResponse> {
  const invitations = await repo.findInvitationsOfCase(db, row.id);
  const respondents = await repo.findCaseRespondents(db, row.id);
  return {
    dossierId: row.id,
    signed: signedStatuts.has(row.dossierStatut),
    steps: surveySteps.map((etape) => {
      const invitation = invitations.find((i) => i.etape === etape);
      return {
        etape,
        open: isOpen(etape, row, invitation),
        invitation: invitation
          ? {
              firstSentAt: invitation.firstSentAt.toISOString(),
              lastSentAt: invitation.lastSentAt.toISOString(),
              timesSent: invitation.timesSent,
            }
          : null,
        respondents: respondents
          .filter((r) => r.etape === etape)
          .map((r) => ({
            respondent: r.respondent === 'company' ? ('company' as const) : ('admissible' as const),
            name: `${r.prenom ?? ''} ${r.nom ?? ''}`.trim(),
            page: r.page,
            completedAt: r.completedAt?.toISOString() ?? null,
          })),
      };
    }),
  };
}

/** GET /staff/dossiers/:id/surveys: the case's survey steps (staff only; 404 for an unknown case). */
export async function getCaseSurveys(db: Db, user: AuthUser, dossierId: number): Promise<CaseSurveysResponse> {
  return withDossier(db, user, dossierId, { access: 'staff' }, (dossier) => caseSurveys(db, dossier.row));
}

/**
 * POST /staff/dossiers/:id/survey-invitations: staff send (or send again) a step's link to the case's parties; only a
 * signed case (409 before).
 */
export async function sendCaseSurvey(
  db: Db,
  config: SurveyMailConfig,
  user: AuthUser,
  dossierId: number,
  etape: SurveyStep,
): Promise<CaseSurveysResponse> {
  return withDossier(db, user, dossierId, { access: 'staff', lock: true }, async (dossier, tx) => {
    if (!signedStatuts.has(dossier.row.dossierStatut))
      throw new AppError('CONFLICT', 'Survey links are sent once the contract is signed');
    await sendSurveyInvitations(tx, config, dossier.row, etape, user.id);
    return caseSurveys(tx, dossier.row);
  });
}

/** Cases per transaction in a bulk send. */
const BULK_BATCH = 50;

/**
 * POST /staff/surveys/invitations: the step to every signed case not sent it yet (`onlyNew`), or to every signed case,
 * batch by batch, each batch in its own transaction (its mails queued with it). A case another send claimed meanwhile
 * is skipped when `onlyNew`.
 */
export async function sendSurveyToSignedCases(
  db: Db,
  config: SurveyMailConfig,
  user: AuthUser,
  { etape, onlyNew }: BulkSurveyInvitationBody,
): Promise<BulkSurveyInvitationResponse> {
  staffOnly(user);
  let cases = 0;
  let mails = 0;
  let afterId = 0;
  for (;;) {
    const batch = await repo.findInvitableCases(db, signedStatutList, etape, onlyNew, afterId, BULK_BATCH);
    const last = batch.at(-1);
    if (!last) break;
    await db.transaction(async (tx) => {
      for (const dossier of batch) {
        if (onlyNew) {
          if (!(await repo.claimInvitation(tx, { dossierId: dossier.id, etape, sentBy: user.id }))) continue;
          mails += await mailInvitation(tx, config, dossier, etape);
        } else {
          mails += await sendSurveyInvitations(tx, config, dossier, etape, user.id);
        }
        cases += 1;
      }
    });
    if (batch.length < BULK_BATCH) break;
    afterId = last.id;
  }
  return { cases, mails };
}

// ---------- Staff: results and export ----------

function staffOnly(user: AuthUser): void {
  if (user.userType !== 'staff' && user.userType !== 'admin') throw forbidden();
}

async function* allAnswers(db: Db, etape: SurveyStep): AsyncGenerator<repo.SurveyAnswerRow> {
  let afterId = 0;
  for (;;) {
    const rows = await repo.findAnswersOfStep(db, etape, afterId);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < 500) return;
    afterId = last.id;
  }
}

/** GET /staff/surveys?etape=: per question, how many answered, the count per value, the mean of a scale, the texts. */
export async function findSurveyResults(
  db: Db,
  user: AuthUser,
  etape: SurveyStep,
): Promise<StaffSurveyResultsResponse> {
  staffOnly(user);
  const { signedCases, sentCases } = await repo.countInvitedCases(db, signedStatutList, etape);
  const rows: repo.SurveyAnswerRow[] = [];
  for await (const row of allAnswers(db, etape)) rows.push(row);
  const newestFirst = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  return {
    etape,
    respondents: rows.length,
    completed: rows.filter((row) => row.completedAt).length,
    signedCases,
    sentCases,
    questions: surveyQuestions.map((question) => {
      const values = rows.map((row) => row.answers[question.id]).filter((value) => value !== undefined);
      const values$ = values.map(String);
      const countOf = (value: string) => values$.filter((v) => v === value).length;
      const scale = Array.from({ length: SURVEY_SCALE_MAX }, (_, i) => String(i + 1));
      const numbers = values.filter((value): value is number => typeof value === 'number');
      switch (question.type) {
        case 'scale':
          return {
            id: question.id,
            page: question.page,
            type: question.type,
            answered: numbers.length,
            average: numbers.length
              ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100
              : null,
            counts: scale.map((value) => ({ value, count: countOf(value) })),
            texts: [],
          };
        case 'choice':
          return {
            id: question.id,
            page: question.page,
            type: question.type,
            answered: values.length,
            average: null,
            counts: question.options.map((value) => ({ value, count: countOf(value) })),
            texts: [],
          };
        case 'text': {
          const texts = newestFirst.flatMap((row) => {
            const text = row.answers[question.id];
            return typeof text === 'string' ? [text] : [];
          });
          return {
            id: question.id,
            page: question.page,
            type: question.type,
            answered: texts.length,
            average: null,
            counts: [],
            texts,
          };
        }
      }
    }),
  };
}

const respondentLabels = { admissible: 'Apprenti', company: 'Entreprise' } as const;

export const surveyCsvHeader = [
  'Dossier',
  'Étape',
  'Répondant',
  'Commencé le',
  'Terminé le',
  ...surveyQuestions.map((q) => q.id),
];

/**
 * GET /staff/exports/surveys.csv?etape=: one line per person, UTF-8 with a byte-order mark and semicolons (a French
 * spreadsheet opens it as is), dates dd/mm/yyyy (lib/csv-write.ts); read and written page by page.
 */
export function surveyCsv(db: Db, user: AuthUser, etape: SurveyStep): AsyncGenerator<CsvValue[]> {
  staffOnly(user);
  return csvRows(db, etape);
}

async function* csvRows(db: Db, etape: SurveyStep): AsyncGenerator<CsvValue[]> {
  for await (const row of allAnswers(db, etape)) {
    yield [
      row.dossierId,
      row.etape,
      respondentLabels[row.respondent === 'company' ? 'company' : 'admissible'],
      row.createdAt,
      row.completedAt,
      ...surveyQuestions.map((q) => row.answers[q.id]),
    ];
  }
}
