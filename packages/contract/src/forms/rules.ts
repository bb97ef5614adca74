import {
  checkClassification,
  checkDeca,
  checkFranceTravail,
  checkIdcc,
  checkNir,
  checkSiret,
  normalizeIdcc,
  normalizeNir,
} from '../rules/identifiers.ts';
import { ruleError, type RuleIssue } from '../rules/issue.ts';
import { todayIso } from '../rules/dates.ts';
import { email as emailPattern, domain as domainPattern } from './patterns.ts';
import { isUrl } from './url.ts';

/**
 * The rules the contract's schemas run beyond zod's own checks (an identifier's key, a reason required with a refusal,
 * an end after its start), written once without zod: the schemas hand them to `superRefine` (forms/zod-rules.ts), and
 * the browser's validator (forms/format.ts) runs the same functions through the generated format table
 * (forms/formats.ts). A rule adds issues the way zod's `superRefine` context takes them.
 */
export interface RuleIssueInput {
  code: 'custom';
  message: string;
  path?: (string | number)[];
  params?: Record<string, unknown>;
}
export interface RuleContext {
  addIssue(issue: RuleIssueInput): void;
}

export interface FormRule {
  check: (value: never, context: RuleContext) => void;
  /**
   * Runs even when other fields of the object failed (zod's `when`), as long as the value is an object: a person then
   * sees every message at once, and the rule reads the values warily.
   */
  evenAfterIssues?: boolean;
}

/** A value a form sends for "nothing": an empty input, or null. */
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The transforms of `z.preprocess` the schemas use: what a form sends for "nothing", read as unset or null. */
export const transforms = {
  /** '' and null: unset. */
  emptyToUndefined: (value: unknown) => (value === '' || value === null ? undefined : value),
  /** '': unset. */
  blankToUndefined: (value: unknown) => (value === '' ? undefined : value),
  /** '' and undefined: null. */
  emptyToNull: (value: unknown) => (value === '' || value === undefined ? null : value),
  /** '': null. */
  blankToNull: (value: unknown) => (value === '' ? null : value),
} as const;
export type TransformName = keyof typeof transforms;

// ---------- Identifiers: normalised (separators dropped, upper case, IDCC padded), then checked ----------

/** An identifier's blocking issues as the schema's issues, its rule code as the message. */
function identifierRule(check: (value: string) => RuleIssue[]): FormRule {
  return {
    check: (value: string, context) => {
      const issues = value === '' ? [ruleError('', 'field.required')] : check(value);
      for (const issue of issues)
        if (issue.severity === 'error')
          context.addIssue({ code: 'custom', message: issue.code, params: issue.params ?? {} });
    },
  };
}

export const nirRule = identifierRule((value) => checkNir(value));
export const siretRule = identifierRule((value) => checkSiret(value));
export const decaRule = identifierRule((value) => checkDeca(value));
export const franceTravailRule = identifierRule((value) => checkFranceTravail(value));
export const idccRule = identifierRule((value) => checkIdcc(value));
export const classificationRule = identifierRule((value) => checkClassification(value));

export const trimValue = (value: string) => value.trim();

/**
 * The value rewrites (zod's `overwrite`) of the identifiers, by the name the format table gives them. The identifiers
 * that drop their separators (NIR, SIRET, DECA, France Travail) share one function: `compact`.
 */
export const normalizers = {
  compact: normalizeNir,
  idcc: normalizeIdcc,
  trim: trimValue,
} as const;
export type NormalizerName = keyof typeof normalizers;

// ---------- Cross-field rules ----------

/** A refusal, a rejection, a denial states its reason (SPEC 5: refusing funding requires stating the reasons). */
function reasonWhen(field: string, value: string): FormRule {
  return {
    check: (body: Record<string, unknown>, context) => {
      if (body[field] === value && !body['reason'])
        context.addIssue({ code: 'custom', path: ['reason'], message: 'field.required' });
    },
  };
}
export const reasonWhenDenied = reasonWhen('decision', 'denied');
export const reasonWhenRefused = reasonWhen('decision', 'refuse');
export const reasonWhenRejected = reasonWhen('decision', 'rejected');
export const reasonWithOverride = reasonWhen('override', true as never);

/**
 * A date that has happened: today at the latest. "Today" is the later of the local day and the day in Paris, so a
 * browser in France checks its own day and the API (running in UTC) accepts what a French applicant typed after
 * midnight.
 */
export const pastDateRule: FormRule = {
  check: (value: string, context) => {
    const local = todayIso();
    const paris = todayIso('Europe/Paris');
    if (value > (local > paris ? local : paris)) context.addIssue({ code: 'custom', message: 'date.in_future' });
  },
};

/**
 * A formation's dates: the training ends after it starts; when PRO is offered both professionalisation bounds are
 * required (a rule with no bound checks nothing) and the end bound comes after the start bound.
 */
export const formationDatesRule: FormRule = {
  evenAfterIssues: true,
  check: (body: Record<string, unknown>, context) => {
    const [start, end] = [text(body['trainingStart']), text(body['trainingEnd'])];
    // Compared only once both are given: a missing one already has its message.
    if (start && end && end <= start)
      context.addIssue({ code: 'custom', path: ['trainingEnd'], message: 'formations.end_before_start' });
    const types = body['contractTypes'];
    if (!Array.isArray(types) || !types.includes('PRO')) return;
    const [after, before] = [text(body['proStartAfter']), text(body['proEndBefore'])];
    if (!after) context.addIssue({ code: 'custom', path: ['proStartAfter'], message: 'formations.pro_bound_required' });
    if (!before) context.addIssue({ code: 'custom', path: ['proEndBefore'], message: 'formations.pro_bound_required' });
    if (after && before && before <= after)
      context.addIssue({ code: 'custom', path: ['proEndBefore'], message: 'formations.pro_bounds_reversed' });
  },
};

/** A workshop ends after it starts, and its registration window closes after it opens. */
export const workshopTimesRule: FormRule = {
  evenAfterIssues: true,
  check: (body: Record<string, unknown>, context) => {
    const [start, end] = [text(body['startHour']), text(body['endHour'])];
    if (start && end && end <= start)
      context.addIssue({ code: 'custom', path: ['endHour'], message: 'workshops.end_before_start' });
    const [opens, closes] = [text(body['registrationOpensAt']), text(body['registrationClosesAt'])];
    if (opens && closes && Date.parse(closes) <= Date.parse(opens))
      context.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: 'workshops.window_reversed' });
  },
};

/**
 * An offer's application link matches its type: an https address for `link` (an http link would be refused by the
 * applicants' browsers, mixed content), an e-mail address for `mail` (the portal opens one or the other).
 */
export const offerLinkRule: FormRule = {
  evenAfterIssues: true,
  check: (body: Record<string, unknown>, context) => {
    const link = typeof body['link'] === 'string' ? body['link'].trim() : '';
    if (!link) return;
    if (body['linkType'] === 'link' && !isUrl(link, { protocol: /^https$/, hostname: domainPattern }))
      context.addIssue({ code: 'custom', path: ['link'], message: 'offers.link_not_https' });
    if (body['linkType'] === 'mail' && !emailPattern.test(link))
      context.addIssue({ code: 'custom', path: ['link'], message: 'offers.link_not_email' });
  },
};

/** A SMIC value's form: both amounts of mainland France, and Mayotte's two together or neither. */
export const smicFormRule: FormRule = {
  check: (form: Record<string, unknown>, context) => {
    for (const path of ['monthly', 'hourly'])
      if (form[path] === null) context.addIssue({ code: 'custom', path: [path], message: 'field.required' });
    if ((form['mayotteMonthly'] === null) !== (form['mayotteHourly'] === null))
      context.addIssue({
        code: 'custom',
        path: [form['mayotteMonthly'] === null ? 'mayotteMonthly' : 'mayotteHourly'],
        message: 'smic.mayotte_both',
      });
  },
};
