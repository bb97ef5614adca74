import {
  DOSSIER_STATUS,
  SURVEY_PAGES,
  SURVEY_SCALE_MAX,
  surveyQuestions,
  type SaveSurveyBody,
  type StaffSurveyResultsResponse,
  type SurveyResponse,
  type SurveyStep,
} from '@passerelle/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
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

/** A contract signed by every party (SPEC 4 "accepted"), whatever came after: the `signature` survey is open. */
const signedStatuts: ReadonlySet<number> = new Set([
  DOSSIER_STATUS.ACCEPTED,
  DOSSIER_STATUS.FILED,
  DOSSIER_STATUS.REGISTERED,
  DOSSIER_STATUS.BREAKING,
  DOSSIER_STATUS.BROKEN,
]);

function respondentOf(user: AuthUser): 'admissible' | 'company' {
  if (user.userType === 'admissible') return 'admissible';
  if (user.userType === 'company') return 'company';
  throw forbidden();
}

/** The `signature` survey opens once the case is signed; the other steps whenever staff send their link. */
function assertOpen(etape: SurveyStep, row: DossierRow): void {
  if (etape === 'signature' && !signedStatuts.has(row.dossierStatut))
    throw new AppError('CONFLICT', 'The survey opens once the contract is signed');
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
    assertOpen(etape, dossier.row);
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
    assertOpen(etape, dossier.row);
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

// ---------- The invitation, when a case is signed ----------

export type SurveyMailConfig = Pick<Config, 'publicUrl' | 'LOGIN_LINK_TTL'>;

/** The survey's page of a step and case (SPEC 2, route table). */
export const surveyPath = (etape: SurveyStep, dossierId: number) => `/sondage/${etape}/${dossierId}`;

/**
 * The case is signed (status 8, online or on paper): the applicant and the company's people each get a personal link to
 * the `signature` survey, queued in the transaction that signs the case (nothing is sent when it rolls back).
 */
export async function sendSurveyInvitations(
  tx: Db | Tx,
  config: SurveyMailConfig,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId' | 'companyId'>,
): Promise<void> {
  await mailCaseParties(tx, config, dossier, surveyPath('signature', dossier.id), (lang, link, who) =>
    renderSurveyInvitation(lang, { dossierId: dossier.id, who, link }),
  );
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
  const rows: repo.SurveyAnswerRow[] = [];
  for await (const row of allAnswers(db, etape)) rows.push(row);
  const newestFirst = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  return {
    etape,
    respondents: rows.length,
    completed: rows.filter((row) => row.completedAt).length,
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

/** dd/mm/yyyy in Paris, the French spreadsheet's date. */
const parisDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; a text starting like a formula (= + - @) is
 * prefixed with an apostrophe so that a spreadsheet shows it rather than runs it.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const respondentLabels = { admissible: 'Apprenti', company: 'Entreprise' } as const;

/**
 * GET /staff/exports/surveys.csv?etape=: one line per person, UTF-8 with a byte-order mark and semicolons (a French
 * spreadsheet opens it as is), dates dd/mm/yyyy; read and written page by page.
 */
export function surveyCsv(db: Db, user: AuthUser, etape: SurveyStep): AsyncGenerator<string> {
  staffOnly(user);
  return csvLines(db, etape);
}

async function* csvLines(db: Db, etape: SurveyStep): AsyncGenerator<string> {
  const header = ['Dossier', 'Étape', 'Répondant', 'Commencé le', 'Terminé le', ...surveyQuestions.map((q) => q.id)];
  yield `\uFEFF${header.map(csvCell).join(';')}\r\n`;
  for await (const row of allAnswers(db, etape)) {
    const cells = [
      row.dossierId,
      row.etape,
      respondentLabels[row.respondent === 'company' ? 'company' : 'admissible'],
      parisDate.format(row.createdAt),
      row.completedAt ? parisDate.format(row.completedAt) : '',
      ...surveyQuestions.map((q) => row.answers[q.id]),
    ];
    yield `${cells.map(csvCell).join(';')}\r\n`;
  }
}
