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
