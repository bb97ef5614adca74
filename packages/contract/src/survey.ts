import { z } from 'zod';

// ---------- The closing survey (issue 11, "Survey"; SPEC 2: three pages, route /sondage/:etape/:id) ----------

import { SURVEY_PAGES, surveyAnswerError, surveySteps } from './survey-questions.ts';

export * from './survey-questions.ts';

/** An answer: a scale's 1 to 5, a choice's option, a text; null clears it. */
export const surveyAnswerValue = z.union([z.number(), z.string(), z.null()]);

export const surveyParams = z.object({
  etape: z.enum(surveySteps),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** PUT /sondage/:etape/:id: one page's answers (saved as the person goes); page 3 completes the survey. */
export const saveSurveyBody = z
  .object({
    page: z.number().int().min(1).max(SURVEY_PAGES),
    answers: z.record(z.string().max(64), surveyAnswerValue),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const [id, value] of Object.entries(body.answers)) {
      const message = surveyAnswerError(body.page, id, value);
      if (message) ctx.addIssue({ code: 'custom', path: ['answers', id], message });
    }
  });
export type SaveSurveyBody = z.infer<typeof saveSurveyBody>;

export const surveyResponse = z.object({
  etape: z.enum(surveySteps),
  dossierId: z.number().int(),
  /** The last page saved (0: nothing yet). */
  page: z.number().int().min(0).max(SURVEY_PAGES),
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type SurveyResponse = z.infer<typeof surveyResponse>;

export const staffSurveyQuery = z.object({ etape: z.enum(surveySteps).default('signature') });

/** GET /staff/surveys?etape=: the results per question. */
export const staffSurveyResultsResponse = z.object({
  etape: z.enum(surveySteps),
  /** People who saved at least one page, and those who finished. */
  respondents: z.number().int(),
  completed: z.number().int(),
  /** Signed cases (status 8 and after), and how many of them were sent this step. */
  signedCases: z.number().int(),
  sentCases: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      page: z.number().int(),
      type: z.enum(['scale', 'choice', 'text']),
      /** How many people answered it. */
      answered: z.number().int(),
      /** Scale: the mean (null when nobody answered). */
      average: z.number().nullable(),
      /** Scale (1 to 5) and choice: the count per value. */
      counts: z.array(z.object({ value: z.string(), count: z.number().int() })),
      /** Text: the answers, newest first. */
      texts: z.array(z.string()),
    }),
  ),
});
export type StaffSurveyResultsResponse = z.infer<typeof staffSurveyResultsResponse>;

// ---------- Staff send a step's link (issue 11: "available for the steps staff choose") ----------

/** POST /staff/dossiers/:id/survey-invitations: mail this step's link to the case's parties (again, when resent). */
export const surveyInvitationBody = z.object({ etape: z.enum(surveySteps) }).strict();
export type SurveyInvitationBody = z.infer<typeof surveyInvitationBody>;

/** POST /staff/surveys/invitations: this step to every signed case that has not received it, or to all of them. */
export const bulkSurveyInvitationBody = z
  .object({
    etape: z.enum(surveySteps),
    /** true (the default): only the signed cases not sent this step yet; false: every signed case, a reminder. */
    onlyNew: z.boolean().default(true),
  })
  .strict();
export type BulkSurveyInvitationBody = z.infer<typeof bulkSurveyInvitationBody>;

/** How many cases were sent the step by a bulk send, and how many mails went. */
export const bulkSurveyInvitationResponse = z.object({ cases: z.number().int(), mails: z.number().int() });
export type BulkSurveyInvitationResponse = z.infer<typeof bulkSurveyInvitationResponse>;

/** GET /staff/dossiers/:id/surveys (and the answer of a send): per step, whether it was sent and who answered. */
export const caseSurveysResponse = z.object({
  dossierId: z.number().int(),
  /** The contract is signed (status 8 and after): steps can be sent. */
  signed: z.boolean(),
  steps: z.array(
    z.object({
      etape: z.enum(surveySteps),
      /** Open to the case's parties: sent, or `signature` on a signed case. */
      open: z.boolean(),
      /** null: never sent. */
      invitation: z.object({ firstSentAt: z.string(), lastSentAt: z.string(), timesSent: z.number().int() }).nullable(),
      respondents: z.array(
        z.object({
          respondent: z.enum(['admissible', 'company']),
          name: z.string(),
          /** The last page saved (1 to 3). */
          page: z.number().int(),
          completedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type CaseSurveysResponse = z.infer<typeof caseSurveysResponse>;
