import { SIGNED_DOSSIER_STATUSES } from '@passerelle/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admissibles, dossiers, formations, schools, trackingEntries, users } from '../../db/schema/index.ts';

const count = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The applicants' employer search per school and formation, in one statement: each applicant's entries are counted
 * first (one pass over the tracking table), then summed per formation. Counts only: no name, no company, no contact.
 */
export async function findTrackingBySchoolAndFormation(db: Db) {
  const perApplicant = db
    .select({
      userId: trackingEntries.userId,
      entries: sql<number>`count(*)::int`.as('entries'),
      spontaneous: count(sql`${trackingEntries.applicationType} = 'spontanee'`).as('spontaneous'),
      onOffer: count(sql`${trackingEntries.applicationType} = 'offre'`).as('on_offer'),
      interviews: count(sql`${trackingEntries.interviewDate} is not null`).as('interviews'),
      relaunches: count(sql`${trackingEntries.relaunchDate} is not null`).as('relaunches'),
      positive: count(sql`${trackingEntries.response} = 1`).as('positive'),
      negative: count(sql`${trackingEntries.response} = 0`).as('negative'),
    })
    .from(trackingEntries)
    .groupBy(trackingEntries.userId)
    .as('per_applicant');
  const signed = sql`exists (select 1 from ${dossiers} where ${dossiers.admissibleUserId} = ${admissibles.userId}
    and ${dossiers.dossierStatut} in ${[...SIGNED_DOSSIER_STATUSES]})`;
  const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int`;
  return db
    .select({
      school: schools.code,
      formation: formations.libelle,
      applicants: sql<number>`count(*)::int`,
      searching: count(sql`${perApplicant.entries} > 0`),
      entries: sum(perApplicant.entries),
      spontaneous: sum(perApplicant.spontaneous),
      onOffer: sum(perApplicant.onOffer),
      interviews: sum(perApplicant.interviews),
      relaunches: sum(perApplicant.relaunches),
      positive: sum(perApplicant.positive),
      negative: sum(perApplicant.negative),
      signed: count(signed),
    })
    .from(admissibles)
    .innerJoin(users, eq(users.id, admissibles.userId))
    .leftJoin(perApplicant, eq(perApplicant.userId, admissibles.userId))
    .leftJoin(formations, eq(formations.id, admissibles.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(eq(users.userType, 'admissible'))
    .groupBy(schools.code, formations.libelle, formations.id)
    .orderBy(asc(schools.code), asc(formations.libelle), asc(formations.id));
}
