import { z } from 'zod';
import {
  checkClassification,
  checkDeca,
  checkFranceTravail,
  checkIdcc,
  checkNir,
  checkPhone,
  checkSiret,
} from './identifiers.ts';
import { ruleError, type RuleIssue } from './issue.ts';
import { todayIso } from './dates.ts';
import { trainingDurationOutOfBounds } from './formation.ts';

/**
 * The checks the contract's schemas make beyond zod's own (an identifier's key, a reason required with a refusal, an
 * end after its start), as `superRefine` callbacks: the schemas run them, in the API and in the forms (zodResolver).
 * Messages are rule or validation codes, put into words where they are shown.
 */
type Refinement<T> = (value: T, context: z.RefinementCtx) => void;

/**
 * `superRefine`'s option for the cross-field rules: run even when other fields of the object failed, as long as the
 * value is an object, so that a person sees every message at once (the rules read the values warily).
 */
export const evenAfterIssues = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A value a form sends for "nothing": an empty input, or null. */
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The transforms of `z.preprocess` the schemas use: what a form sends for "nothing", read as unset or null. */
export const transforms = {
  /** '' and null: unset. */
  emptyToUndefined: (value: unknown) => (value === '' || value === null ? undefined : value),
  /** '' and undefined: null. */
  emptyToNull: (value: unknown) => (value === '' || value === undefined ? null : value),
  /** '': null. */
  blankToNull: (value: unknown) => (value === '' ? null : value),
} as const;

// ---------- Identifiers: normalised (separators dropped, upper case, IDCC padded), then checked ----------

/** An identifier's blocking issues as the schema's issues, its rule code as the message. */
function identifierRule(check: (value: string) => RuleIssue[]): Refinement<string> {
  return (value, context) => {
    const issues = value === '' ? [ruleError('', 'field.required')] : check(value);
    for (const issue of issues)
      if (issue.severity === 'error')
        context.addIssue({ code: 'custom', message: issue.code, params: issue.params ?? {} });
  };
}

export const nirRule = identifierRule((value) => checkNir(value));
export const siretRule = identifierRule((value) => checkSiret(value));
export const decaRule = identifierRule((value) => checkDeca(value));
export const franceTravailRule = identifierRule((value) => checkFranceTravail(value));
export const idccRule = identifierRule((value) => checkIdcc(value));
export const classificationRule = identifierRule((value) => checkClassification(value));

/** A phone number as typed: its pattern (`phone.format`), and a French number's 10 digits (`phone.french_length`). */
export const phoneRule: Refinement<string> = (value, context) => {
  for (const issue of checkPhone(value, '')) context.addIssue({ code: 'custom', message: issue.code });
};

// ---------- Cross-field rules ----------

/** A refusal, a rejection, a denial states its reason (SPEC 5: refusing funding requires stating the reasons). */
function reasonWhen(field: string, value: string | boolean): Refinement<Record<string, unknown>> {
  return (body, context) => {
    if (body[field] === value && !body['reason'])
      context.addIssue({ code: 'custom', path: ['reason'], message: 'field.required' });
  };
}
export const reasonWhenDenied = reasonWhen('decision', 'denied');
export const reasonWhenRefused = reasonWhen('decision', 'refuse');
export const reasonWhenRejected = reasonWhen('decision', 'rejected');
export const reasonWithOverride = reasonWhen('override', true);

/**
 * A date that has happened: today at the latest. "Today" is the later of the local day and the day in Paris, so a
 * browser in France checks its own day and the API (running in UTC) accepts what a French applicant typed after
 * midnight.
 */
export const pastDateRule: Refinement<string> = (value, context) => {
  const local = todayIso();
  const paris = todayIso('Europe/Paris');
  if (value > (local > paris ? local : paris)) context.addIssue({ code: 'custom', message: 'date.in_future' });
};

/**
 * A formation's dates: the training ends after it starts; when PRO is offered both professionalisation bounds are
 * required (a rule with no bound checks nothing) and the end bound comes after the start bound.
 */
export const formationDatesRule: Refinement<Record<string, unknown>> = (body, context) => {
  const [start, end] = [text(body['trainingStart']), text(body['trainingEnd'])];
  // Compared only once both are given: a missing one already has its message.
  if (start && end && end <= start)
    context.addIssue({ code: 'custom', path: ['trainingEnd'], message: 'formations.end_before_start' });
  const types = body['contractTypes'];
  // An apprenticeship's training lasts 6 months to 4 years (the State CERFA tool's rule, DOMAIN 1.1 rule 8).
  const bounds = Array.isArray(types) && types.includes('APP') ? trainingDurationOutOfBounds(start, end) : undefined;
  if (bounds)
    context.addIssue({
      code: 'custom',
      path: ['trainingEnd'],
      message: bounds === 'short' ? 'formations.training_too_short' : 'formations.training_too_long',
    });
  if (!Array.isArray(types) || !types.includes('PRO')) return;
  const [after, before] = [text(body['proStartAfter']), text(body['proEndBefore'])];
  if (!after) context.addIssue({ code: 'custom', path: ['proStartAfter'], message: 'formations.pro_bound_required' });
  if (!before) context.addIssue({ code: 'custom', path: ['proEndBefore'], message: 'formations.pro_bound_required' });
  if (after && before && before <= after)
    context.addIssue({ code: 'custom', path: ['proEndBefore'], message: 'formations.pro_bounds_reversed' });
};

/** A workshop ends after it starts, and its registration window closes after it opens. */
export const workshopTimesRule: Refinement<Record<string, unknown>> = (body, context) => {
  const [start, end] = [text(body['startHour']), text(body['endHour'])];
  if (start && end && end <= start)
    context.addIssue({ code: 'custom', path: ['endHour'], message: 'workshops.end_before_start' });
  const [opens, closes] = [text(body['registrationOpensAt']), text(body['registrationClosesAt'])];
  if (opens && closes && Date.parse(closes) <= Date.parse(opens))
    context.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: 'workshops.window_reversed' });
};

const httpsLink = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const emailLink = z.email();

/**
 * An offer's application link matches its type: an https address for `link` (an http link would be refused by the
 * applicants' browsers, mixed content), an e-mail address for `mail` (the portal opens one or the other).
 */
export const offerLinkRule: Refinement<Record<string, unknown>> = (body, context) => {
  const link = typeof body['link'] === 'string' ? body['link'].trim() : '';
  if (!link) return;
  if (body['linkType'] === 'link' && !httpsLink.safeParse(link).success)
    context.addIssue({ code: 'custom', path: ['link'], message: 'offers.link_not_https' });
  if (body['linkType'] === 'mail' && !emailLink.safeParse(link).success)
    context.addIssue({ code: 'custom', path: ['link'], message: 'offers.link_not_email' });
};

/** A SMIC value's form: both amounts of mainland France, and Mayotte's two together or neither. */
export const smicFormRule: Refinement<Record<string, unknown>> = (form, context) => {
  for (const path of ['monthly', 'hourly'])
    if (form[path] === null) context.addIssue({ code: 'custom', path: [path], message: 'field.required' });
  if ((form['mayotteMonthly'] === null) !== (form['mayotteHourly'] === null))
    context.addIssue({
      code: 'custom',
      path: [form['mayotteMonthly'] === null ? 'mayotteMonthly' : 'mayotteHourly'],
      message: 'smic.mayotte_both',
    });
};
