import {
  type Offer,
  type OfferBody,
  type OffersResponse,
  type OffersQuery,
  type StaffOffer,
  type StaffOffersQuery,
  type StaffOffersResponse,
} from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { foldText } from '../../lib/fold-text.ts';
import type { Storage } from '../../db/storage.ts';
import { getFile, readFileBytes, saveFile } from '../files/files.service.ts';
import { findOffersPage, forgetOfferSearches, type OfferFilter } from './offers-search.ts';
import {
  deleteOffer,
  findStaffOffer,
  findStaffOffersPage,
  insertOffer,
  insertOffers,
  setOfferExpiry,
  updateOffer,
  type NewOfferRow,
  type OfferRow,
  type OfferWrite,
  type StaffOfferRow,
} from './offers.repo.ts';

/**
 * What the French full-text index and the staff's substring search read: each field folded (lib/fold-text.ts: lower
 * case, accents removed, ligatures spelled out), one a line. A query is folded the same way, so "developpeur",
 * "Développeur" and "DÉVELOPPEUR" reach the same lexeme, and "coeur" finds "Cœur".
 */
export function offerSearchText(offer: { title: string; companyName: string; description: string }): string {
  return [offer.title, offer.companyName, offer.description].map(foldText).join('\n');
}

// ---------- Logos ----------

/**
 * Offer logos live in our own document store and are served by our API (GET /api/offers/logos/:id): the applicant's
 * browser never asks a third party for them, and the page's CSP lists no image origin but ours.
 */
export const OFFER_LOGO_KIND = 'offer-logo';
const offerLogoPath = '/api/offers/logos/';
const logoTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);

export const offerLogoUrl = (fileId: string) => `${offerLogoPath}${fileId}`;

/** Stores a logo and answers the address to put in `offers.logo`. */
export async function storeOfferLogo(
  db: Db,
  storage: Storage,
  logo: { filename: string; contentType: string; bytes: Uint8Array },
): Promise<string> {
  if (!logoTypes.has(logo.contentType)) throw new Error(`Not a logo type: ${logo.contentType}`);
  const file = await saveFile(db, storage, { ownerUserId: null, kind: OFFER_LOGO_KIND, ...logo });
  return offerLogoUrl(file.id);
}

/** A stored offer logo; any other file, or no file, is 404. Logos are public: an <img> carries no bearer token. */
export async function getOfferLogo(db: Db, storage: Storage, id: string): Promise<{ contentType: string; bytes: Uint8Array }> {
  const file = await getFile(db, id);
  if (file.kind !== OFFER_LOGO_KIND || !logoTypes.has(file.contentType)) throw notFound();
  return { contentType: file.contentType, bytes: await readFileBytes(storage, file) };
}

function toWire(row: OfferRow): Offer {
  return {
    id: row.id,
    title: row.title,
    // An address elsewhere (an older import) is not sent: the offer shows the building icon instead.
    logo: row.logo?.startsWith(offerLogoPath) ? row.logo : null,
    company: { name: row.companyName },
    publicationDate: row.publicationDate,
    startDate: row.startDate ?? '0000-00-00',
    description: row.description,
    applicationAction: { linkType: row.linkType === 'mail' ? 'mail' : 'link', link: row.link },
  };
}

/**
 * One page of offers, newest first, with the number of offers matching the filters counted up to OFFERS_COUNT_LIMIT
 * (decision 0026: offers-search.ts).
 */
export async function findOffers(db: Db, query: OffersQuery): Promise<OffersResponse> {
  const text = query.query ? foldText(query.query).trim() : '';
  const filter: OfferFilter = {
    text: text || undefined,
    before: query.publicationDateBefore,
    after: query.publicationDateAfter,
  };
  const page = await findOffersPage(db, filter, query.page);
  return { offers: page.rows.map(toWire), totalOffers: page.total, totalOffersCapped: page.isCapped };
}

export interface NewOffer {
  title: string;
  companyName: string;
  description: string;
  logo: string | null;
  publicationDate: string;
  startDate: string | null;
  linkType: 'link' | 'mail';
  link: string;
}

/** Stores offers with their search text, and forgets this process's searches. */
export async function createOffers(db: Db, list: NewOffer[]): Promise<void> {
  const rows: NewOfferRow[] = list.map((o) => ({ ...o, searchText: offerSearchText(o) }));
  await insertOffers(db, rows);
  forgetOfferSearches(db);
}

// ---------- Back office (issue 12) ----------

function toStaffWire(row: StaffOfferRow): StaffOffer {
  return {
    id: row.id,
    title: row.title,
    companyName: row.companyName,
    logo: row.logo,
    publicationDate: row.publicationDate,
    startDate: row.startDate,
    description: row.description,
    linkType: row.linkType === 'mail' ? 'mail' : 'link',
    link: row.link,
    expiredAt: row.expiredAt?.toISOString() ?? null,
    externalRef: row.externalRef,
  };
}

/** The row an offer body becomes, with its search text (the vector is generated from it). */
export function offerRow(body: OfferBody): OfferWrite {
  const row = {
    title: body.title,
    companyName: body.companyName,
    logo: body.logo,
    publicationDate: body.publicationDate,
    startDate: body.startDate ?? null,
    description: body.description,
    linkType: body.linkType,
    link: body.link.replace(/^mailto:/i, ''),
  };
  return { ...row, searchText: offerSearchText(row) };
}

/** GET /staff/offers: newest first, expired ones included unless filtered out. */
export async function findStaffOffers(db: Db, query: StaffOffersQuery): Promise<StaffOffersResponse> {
  const text = query.q ? foldText(query.q).trim() : '';
  const { rows, total } = await findStaffOffersPage(
    db,
    { text: text || undefined, status: query.status },
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return { items: rows.map(toStaffWire), total };
}

async function staffOfferOr404(db: Db, id: number): Promise<StaffOffer> {
  const row = await findStaffOffer(db, id);
  if (!row) throw notFound('No such offer');
  return toStaffWire(row);
}

/** POST /staff/offers. */
export async function createStaffOffer(db: Db, body: OfferBody): Promise<StaffOffer> {
  const id = await insertOffer(db, offerRow(body));
  forgetOfferSearches(db);
  return staffOfferOr404(db, id);
}

/** PUT /staff/offers/:id: the whole offer; its expiry and import reference are kept. */
export async function updateStaffOffer(db: Db, id: number, body: OfferBody): Promise<StaffOffer> {
  if (!(await updateOffer(db, id, offerRow(body)))) throw notFound('No such offer');
  forgetOfferSearches(db);
  return staffOfferOr404(db, id);
}

/** POST /staff/offers/:id/expire and /restore: out of the applicants' search at once, or back in it. */
export async function setStaffOfferExpired(db: Db, id: number, expired: boolean, now = new Date()): Promise<StaffOffer> {
  const current = await findStaffOffer(db, id);
  if (!current) throw notFound('No such offer');
  // Expiring twice keeps the first time: the list says since when the offer is gone.
  if (expired !== (current.expiredAt !== null)) await setOfferExpiry(db, id, expired ? now : null);
  forgetOfferSearches(db);
  return staffOfferOr404(db, id);
}

/** DELETE /staff/offers/:id. */
export async function deleteStaffOffer(db: Db, id: number): Promise<void> {
  if (!(await deleteOffer(db, id))) throw notFound('No such offer');
  forgetOfferSearches(db);
}
