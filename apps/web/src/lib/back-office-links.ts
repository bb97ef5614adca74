/**
 * The way back from a case to the pipeline as it was left (issue 10). The pipeline's links to a case carry its own
 * address (filters, sort and page are in it) in the navigation state: `<Link to={staffCasePath(id)} state={toCaseState(location)}>`.
 */
export const staffCasePath = (id: number) => `/gestion/dossiers/${id}`;

export interface ToCaseState {
  /** The pipeline's path and query, to go back to. */
  pipeline: string;
}

export const toCaseState = (location: { pathname: string; search: string }): ToCaseState => ({
  pipeline: location.pathname + location.search,
});

/** The pipeline address a case page was opened from, when it was (a case opened from a link or typed has none). */
export function pipelineReturnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const pipeline = (state as Partial<ToCaseState>).pipeline;
  return typeof pipeline === 'string' && /^\/gestion(\?|$)/.test(pipeline) ? pipeline : null;
}

/** The admitted applicants: their import, invitations and who never signed in (issue 12). */
export const staffApplicantsPath = '/gestion/candidats';

/** The formations and schools the sheets' rules read (issue 12). */
export const staffFormationsPath = '/gestion/formations';

/** The back-office accounts, for admins (issue 12). */
export const staffAccountsPath = '/gestion/equipe';

/** The CFA's identity the contracts print and its contact, for admins (issue 28). */
export const staffSettingsPath = '/gestion/parametres';

/** The reference tables (IDCC, OPCO, NAF, postcodes) and their versions, for admins (issue 28). */
export const staffReferenceTablesPath = '/gestion/parametres/tables';

/** What the applicant portal shows: the feed, public files, partners, forum (issue 12). */
export const staffContentPath = '/gestion/contenu';

/** The CSV exports: cases, workshop registrants, employer search (issue 12). */
export const staffExportsPath = '/gestion/exports';

/** The reference values the rules read: the dated SMIC, for admins (issue 12). */
export const staffReferencesPath = '/gestion/references';

/** The job offers applicants search: entered, imported, expired (issue 12). */
export const staffOffersPath = '/gestion/offres';

/** The schools' workshops and their registrants (issue 12). */
export const staffWorkshopsPath = '/gestion/ateliers';

/** The closing survey's results and its sending (issue 11). */
export const staffSurveysPath = '/gestion/sondages';
