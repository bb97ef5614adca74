// ---------- The closing survey's questions, as data (issue 11, "Survey"; SPEC 2: three pages) ----------
// No zod here: the survey screen reads this module alone (`@passerelle/contract/survey-questions`), and stays light.

/**
 * The steps a survey is about. `signature`: mailed to the applicant and the company when the case is signed; the others
 * are links staff send when they want the parties' view of that stage.
 */
export const surveySteps = ['signature', 'integration', 'fin_contrat'] as const;
export type SurveyStep = (typeof surveySteps)[number];

export const SURVEY_PAGES = 3;
export const SURVEY_SCALE_MAX = 5;
export const SURVEY_TEXT_MAX = 2000;

export type SurveyQuestion =
  | { id: string; page: number; type: 'scale' }
  | { id: string; page: number; type: 'choice'; options: readonly string[] }
  | { id: string; page: number; type: 'text' };

/**
 * The questions of the three pages, as data: ids and types here, labels in the web app's `survey` namespace
 * (`questions.<id>.label`, `questions.<id>.options.<option>`). Every answer is optional: a person may skip one.
 * Scales go from 1 (not at all satisfied) to 5 (very satisfied).
 */
export const surveyQuestions = [
  // Page 1: the way to the contract.
  { id: 'information_clarte', page: 1, type: 'scale' },
  { id: 'portail_facilite', page: 1, type: 'scale' },
  { id: 'delais', page: 1, type: 'choice', options: ['rapides', 'corrects', 'trop_longs'] },
  // Page 2: the school's support.
  { id: 'accompagnement', page: 2, type: 'scale' },
  { id: 'signature_facilite', page: 2, type: 'scale' },
  { id: 'recommandation', page: 2, type: 'choice', options: ['oui', 'peut_etre', 'non'] },
  // Page 3: in their own words.
  { id: 'points_forts', page: 3, type: 'text' },
  { id: 'ameliorations', page: 3, type: 'text' },
] as const satisfies readonly SurveyQuestion[];
export type SurveyQuestionId = (typeof surveyQuestions)[number]['id'];

const questionById = new Map<string, SurveyQuestion>(surveyQuestions.map((q) => [q.id, q]));

/** The questions of one page, in order. */
export function surveyPageQuestions(page: number): SurveyQuestion[] {
  return surveyQuestions.filter((q) => q.page === page);
}

export type SurveyAnswers = Record<string, number | string>;

/** Why one answer is refused (a message key of the `survey` namespace), or undefined when it is valid. */
export function surveyAnswerError(page: number, id: string, value: number | string | null): string | undefined {
  const question = questionById.get(id);
  if (!question) return 'survey.unknown_question';
  if (question.page !== page) return 'survey.wrong_page';
  if (value === null) return undefined;
  switch (question.type) {
    case 'scale':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SURVEY_SCALE_MAX
        ? undefined
        : 'survey.scale_range';
    case 'choice':
      return typeof value === 'string' && question.options.includes(value) ? undefined : 'survey.unknown_option';
    case 'text':
      return typeof value === 'string' && value.length <= SURVEY_TEXT_MAX ? undefined : 'survey.text_too_long';
  }
}
