import {
  applicationTypes,
  relaunchMethods,
  suiviStatutOf,
  type TrackingBody,
  type TrackingEntry,
  type TrackingListItem,
} from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import {
  deleteTrackingEntry as deleteRow,
  findTrackingEntry,
  findTrackingOfUser,
  insertTrackingEntry,
  updateTrackingEntry as updateRow,
  type TrackingRow,
  type TrackingValues,
} from './tracking.repo.ts';

/** Form fields left empty arrive as '' (or spaces): stored as null. */
function orNull<T extends string>(value: T | '' | null | undefined): T | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  return value as T;
}

function toValues(body: TrackingBody): TrackingValues {
  const values: TrackingValues = {
    targetCompany: body.targetCompany,
    position: body.position,
    applicationDate: body.applicationDate,
    applicationType: orNull(body.applicationType),
    contactLastName: orNull(body.contactLastName),
    contactFirstName: orNull(body.contactFirstName),
    contactPosition: orNull(body.contactPosition),
    contactEmail: orNull(body.contactEmail),
    contactPhone: orNull(body.contactPhone),
    firstContactDate: orNull(body.firstContactDate),
    interviewDate: orNull(body.interviewDate),
    relaunchDate: orNull(body.relaunchDate),
    relaunchMethod: orNull(body.relaunchMethod),
    response: body.response ?? null,
    responseDate: orNull(body.responseDate),
    offerLink: orNull(body.offerLink),
  };
  // A company cannot answer an application before it was sent.
  if (values.responseDate && values.responseDate < values.applicationDate) {
    throw validationError({ responseDate: ['The response date cannot be before the application date'] });
  }
  return values;
}

function pickEnum<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((a) => a === value) ?? null;
}

function toEntry(row: TrackingRow): TrackingEntry {
  const response = row.response === 1 ? 1 : row.response === 0 ? 0 : null;
  return {
    id: row.id,
    targetCompany: row.targetCompany,
    position: row.position,
    applicationDate: row.applicationDate,
    applicationType: pickEnum(applicationTypes, row.applicationType),
    contactLastName: row.contactLastName,
    contactFirstName: row.contactFirstName,
    contactPosition: row.contactPosition,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    firstContactDate: row.firstContactDate,
    interviewDate: row.interviewDate,
    relaunchDate: row.relaunchDate,
    relaunchMethod: pickEnum(relaunchMethods, row.relaunchMethod),
    response,
    responseDate: row.responseDate,
    offerLink: row.offerLink,
    suiviStatut: suiviStatutOf({ response, relaunchDate: row.relaunchDate }),
  };
}

/** The applicant's tracking list, most recent application first (SPEC section 2, tracking card). */
export async function findTrackingItems(db: Db, userId: number): Promise<TrackingListItem[]> {
  const rows = await findTrackingOfUser(db, userId);
  return rows.map((row) => ({
    id: row.id,
    suiviEmployeur: row.targetCompany,
    suiviPosition: row.position,
    suiviDateEnvoiCandidature: row.applicationDate,
    suiviStatut: toEntry(row).suiviStatut,
  }));
}

/** One entry of the applicant; another applicant's entry is answered as not found. */
export async function getTrackingEntry(db: Db, userId: number, id: number): Promise<TrackingEntry> {
  const row = await findTrackingEntry(db, userId, id);
  if (!row) throw notFound('Tracking entry not found');
  return toEntry(row);
}

export async function createTrackingEntry(db: Db, userId: number, body: TrackingBody): Promise<TrackingEntry> {
  return toEntry(await insertTrackingEntry(db, userId, toValues(body)));
}

export async function updateTrackingEntry(
  db: Db,
  userId: number,
  id: number,
  body: TrackingBody,
): Promise<TrackingEntry> {
  const row = await updateRow(db, userId, id, toValues(body));
  if (!row) throw notFound('Tracking entry not found');
  return toEntry(row);
}

export async function deleteTrackingEntry(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteRow(db, userId, id))) throw notFound('Tracking entry not found');
}
