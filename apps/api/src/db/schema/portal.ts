import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { files } from './platform.ts';

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  /** EMLV, ESILV, IIM ... (SPEC names EMLV and ESILV for the workshops card). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Issue 28: the school holds workshops for its applicants (the search's card; SPEC: EMLV and ESILV). */
  holdsWorkshops: boolean('holds_workshops').notNull().default(false),
  /** Issue 28: its baccalaureate attestation asks for the level "or more" (ESILV). */
  bacAttestationOrMore: boolean('bac_attestation_or_more').notNull().default(false),
});

/** A training programme of a school, with the dates the contract rules depend on. */
export const formations = pgTable(
  'formations',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    libelle: text('libelle').notNull(),
    /** The school information system's code of the programme, matched by the applicants' import (issue 12); unique. */
    code: text('code').unique(),
    /** Start year of the programme (header "formationYear"). */
    year: integer('year').notNull(),
    /** Training stage (year of study, e.g. 3 for a third year). */
    etape: integer('etape').notNull(),
    /** APP, PRO or both (APP,PRO). */
    contractTypes: text('contract_types').notNull().default('APP'),
    trainingStart: date('training_start').notNull(),
    trainingEnd: date('training_end').notNull(),
    /** Professionalisation contract bounds, held per formation. */
    proStartAfter: date('pro_start_after'),
    proEndBefore: date('pro_end_before'),
    rncp: text('rncp'),
    /** The last day the certification is registered in the RNCP (France compétences' "date d'échéance"), if known. */
    rncpEndDate: date('rncp_end_date'),
    codeDiplome: text('code_diplome'),
    hours: integer('hours'),
    /** Of `hours`, those given remotely (CERFA 10103*14 "heures en distanciel", training convention, NPEC rule). */
    remoteHours: integer('remote_hours'),
    /** The certification's level in the national framework (RNCP): the 750 € employer share from level 6. */
    rncpLevel: integer('rncp_level'),
  },
  (t) => [
    // The remote hours are part of the training's hours (FILING check 28): never without them, never above them.
    check(
      'formations_remote_hours_check',
      sql`${t.remoteHours} is null or (${t.remoteHours} >= 0 and ${t.hours} is not null and ${t.remoteHours} <= ${t.hours})`,
    ),
    check('formations_rncp_level_check', sql`${t.rncpLevel} is null or ${t.rncpLevel} between 3 and 8`),
  ],
);

/** The applicant's admission record (one per admissible user). */
export const admissibles = pgTable('admissibles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  formationId: integer('formation_id').references(() => formations.id),
  contractType: text('contract_type'),
  cvecNumber: text('cvec_number'),
  cvecFileId: uuid('cvec_file_id').references(() => files.id, { onDelete: 'set null' }),
  cvecValid: boolean('cvec_valid').notNull().default(false),
  attestationBacFileId: uuid('attestation_bac_file_id').references(() => files.id, { onDelete: 'set null' }),
  attestationBacValid: boolean('attestation_bac_valid').notNull().default(false),
  forumInvited: boolean('forum_invited').notNull().default(true),
});

/** Content feed sections, per language. */
export const cmsSections = pgTable(
  'cms_sections',
  {
    id: serial('id').primaryKey(),
    /** news, information, links, platforms, coaching, process */
    section: text('section').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** Sanitised on write and on read. */
    html: text('html').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cms_sections_section_lang_idx').on(t.section, t.lang),
    check('cms_sections_lang_check', sql`${t.lang} in ('fr','en')`),
  ],
);

export const forumInvitations = pgTable('forum_invitations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  date: date('date').notNull(),
  link: text('link').notNull(),
  active: boolean('active').notNull().default(true),
});

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  nom: text('nom').notNull(),
  /** URL of the logo (a file of ours or an https address). */
  logo: text('logo').notNull(),
  web: text('web').notNull(),
  position: integer('position').notNull().default(0),
});

export const publicFiles = pgTable('public_files', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  translateKey: text('translate_key'),
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
  /** Where the file is listed: home. */
  audience: text('audience').notNull().default('home'),
  position: integer('position').notNull().default(0),
});

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    logo: text('logo'),
    companyName: text('company_name').notNull(),
    publicationDate: date('publication_date').notNull(),
    /** SPEC keeps 0000-00-00 for "no start date": null here, 0000-00-00 on the wire. */
    startDate: date('start_date'),
    description: text('description').notNull(),
    linkType: text('link_type').notNull(),
    link: text('link').notNull(),
    /** Set when staff expire the offer (issue 12): it leaves the applicants' search and stays in the back office. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The reference of the offer in the file it was imported from, when it came from a CSV: a new import updates it. */
    externalRef: text('external_ref').unique(),
    /** Title, company and description folded, one a line (offerSearchText, lib/fold-text.ts): what the search reads. */
    searchText: text('search_text').notNull(),
    /**
     * Stored rather than an expression index: filtering on an expression recomputes to_tsvector for every row
     * the plan reads (seconds at 100 000 offers). See docs/decisions/0003-offers-search-plan.md.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('french'::regconfig, search_text)`),
    /**
     * The publication date as a one-element array: beside the words in the search index, so that one index scan
     * intersects a word with a set of days without visiting the table (docs/decisions/0026-offers-search-at-national-scale.md).
     */
    searchDay: date('search_day')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`array[publication_date]`),
  },
  (t) => [
    check('offers_link_type_check', sql`${t.linkType} in ('link','mail')`),
    // Ascending with the default NULLS LAST: read backwards it serves `order by publication_date desc, id desc`
    // (DESC NULLS FIRST); a DESC NULLS LAST index does not match that order and the planner ignores it.
    index('offers_publication_idx').on(t.publicationDate, t.id),
    // The applicants' search reads only offers not expired (issue 12): its counts and pages without a word read this
    // partial index alone, as they read the whole one before offers could expire.
    index('offers_active_publication_idx')
      .on(t.publicationDate, t.id)
      .where(sql`${t.expiredAt} is null`),
    // Words and day together, offers not expired only. No pending list (fastupdate off): every search would read it
    // whole, and a large import would slow them all until the next vacuum.
    index('offers_search_idx')
      .using('gin', t.searchVector, t.searchDay)
      .where(sql`${t.expiredAt} is null`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Offers not expired per publication day, kept by statement triggers on offers (migration 0014): the search turns
 * "the newest N offers" into a set of days without counting the table (decision 0026).
 */
export const offerDays = pgTable('offer_days', {
  day: date('day').primaryKey(),
  active: integer('active').notNull(),
});

/**
 * One row, bumped by a statement trigger before every write to offers: an API process compares it with the version
 * its cached searches were computed at, in the same query as the page it reads (decision 0026).
 */
export const offersVersion = pgTable(
  'offers_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('offers_version_single_row', sql`${t.id}`)],
);

export const ateliers = pgTable(
  'ateliers',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id),
    title: text('title').notNull(),
    date: date('date').notNull(),
    startHour: text('start_hour').notNull(),
    endHour: text('end_hour').notNull(),
    quota: integer('quota').notNull(),
    /** Registration window; registration is open between these instants (a null bound is no bound). */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
  },
  (t) => [
    index('ateliers_school_date_idx').on(t.schoolId, t.date),
    check('ateliers_quota_check', sql`${t.quota} >= 0`),
  ],
);

/** One workshop at a time per applicant: the primary key on user_id holds it. */
export const atelierRegistrations = pgTable(
  'atelier_registrations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    atelierId: integer('atelier_id')
      .notNull()
      .references(() => ateliers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('atelier_registrations_atelier_idx').on(t.atelierId)],
);

/** Employer-search tracking entries of an applicant. */
export const trackingEntries = pgTable(
  'tracking_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetCompany: text('target_company').notNull(),
    position: text('position').notNull(),
    applicationDate: date('application_date').notNull(),
    applicationType: text('application_type'),
    contactLastName: text('contact_last_name'),
    contactFirstName: text('contact_first_name'),
    contactPosition: text('contact_position'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    firstContactDate: date('first_contact_date'),
    interviewDate: date('interview_date'),
    relaunchDate: date('relaunch_date'),
    relaunchMethod: text('relaunch_method'),
    /** 1 positive, 0 negative, null no response. */
    response: smallint('response'),
    responseDate: date('response_date'),
    offerLink: text('offer_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_entries_user_idx').on(t.userId, t.applicationDate),
    check('tracking_entries_application_type_check', sql`${t.applicationType} in ('spontanee','offre')`),
    check('tracking_entries_relaunch_method_check', sql`${t.relaunchMethod} in ('telephone','email','courrier')`),
    check('tracking_entries_response_check', sql`${t.response} in (0,1)`),
  ],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  siret: text('siret'),
});

/** People acting for a company (contact, HR, signatory). */
export const companyUsers = pgTable(
  'company_users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

export const dossiers = pgTable(
  'dossiers',
  {
    id: serial('id').primaryKey(),
    admissibleUserId: integer('admissible_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    formationId: integer('formation_id').references(() => formations.id),
    dossierName: text('dossier_name'),
    dossierStatut: integer('dossier_statut').notNull().default(1),
    dossierAccessible: boolean('dossier_accessible').notNull().default(true),
    cerfaFileId: uuid('cerfa_file_id').references(() => files.id, { onDelete: 'set null' }),
    cerfaAvenantFileId: uuid('cerfa_avenant_file_id').references(() => files.id, { onDelete: 'set null' }),
    lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Kept by every change of the case (the lifecycle and the sheets), so the back-office pipeline reads one table:
     * who the case waits for (applicant, company, school; null when nobody), since when, and the folded text its search
     * matches (names, e-mail, company, case name).
     */
    waitingFor: text('waiting_for'),
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('dossiers_admissible_idx').on(t.admissibleUserId),
    index('dossiers_waiting_idx').on(t.waitingFor, t.waitingSince),
    index('dossiers_company_idx').on(t.companyId),
    // The back-office pipeline's default order (most recently updated first) reads this backwards, page by page.
    index('dossiers_last_update_idx').on(t.lastUpdate, t.id),
    check('dossiers_statut_check', sql`${t.dossierStatut} between 1 and 13`),
  ],
);

/** Step states of a dossier: f1ca, f1ce, modalites_re, fra, fre, cfa, signature_admissible, signature_employeur, signature_ecole. */
export const dossierSteps = pgTable(
  'dossier_steps',
  {
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dossierId, t.type] }),
    check('dossier_steps_status_check', sql`${t.status} between 1 and 5`),
  ],
);
