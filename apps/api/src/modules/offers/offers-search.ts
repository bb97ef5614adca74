import { OFFERS_COUNT_LIMIT, OFFERS_PER_PAGE } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import {
  ensureOffersStatistics,
  estimateTextMatches,
  findMatchesOnAllDays,
  findMatchesOnDays,
  findNewestOfferIds,
  findOfferDays,
  findOffersVersion,
  findPageOffers,
  walkNewestMatches,
  type DateBounds,
  type OfferRow,
} from './offers.repo.ts';

/**
 * The applicants' offers search at national scale (docs/decisions/0026-offers-search-at-national-scale.md).
 *
 * A search is computed once per filter: the ids of its newest matches, one more than the count shown (1 001), in page
 * order. That list gives the bounded count and every page; a page is then 20 offers read by id, still not expired. The
 * lists are kept per process and per offers version (a row a trigger bumps in every transaction that writes offers),
 * which each page read fetches with its offers: a write on any process is seen by the next page read of every process.
 *
 * Finding the newest matches without reading every match is what costs: three plans, chosen from the planner's
 * estimate of the matches and the offers per day (a table the triggers keep), each guarded against a wrong estimate.
 */

/** Normalised filters: `text` is already lower-cased and accent-free. */
export interface OfferFilter extends DateBounds {
  text: string | undefined;
}

// Costs measured at 1 000 000 offers (decision 0026), in microseconds of database time.
/** Reading one offer found by the search index: its table page, for its date and visibility. */
const COST_PER_MATCH = 2;
/** One offer of the days intersected with the words inside the search index. */
const COST_PER_DAY_OFFER = 0.02;
/** One offer read along the date index: its search vector, stored out of line, is fetched and tested. */
const COST_PER_WALKED = 6;

/** Days are sized to hold this many times the matches needed, so that a fair estimate needs one scan. */
const WINDOW_MARGIN = 1.25;

/** How far each plan reads before it concludes that the estimate it relied on was wrong. */
export interface SearchCaps {
  /** A first scan of days from an estimate alone stops at this many offers: it measures how frequent the text is. */
  probeOffers: number;
  /** Matches read at most from the table by one scan of days: past it, the days hold far more than needed. */
  daysMatches: number;
  /** Matches read at least, before giving up, by a scan of all days: past it, the days take over. */
  allDaysMatches: number;
  /** After this many scans of days, the search reads all matches (a safety net: no measured search gets there). */
  dayScans: number;
}

export const searchCaps: SearchCaps = { probeOffers: 20_000, daysMatches: 3000, allDaysMatches: 4000, dayScans: 6 };

export interface Day {
  day: string;
  active: number;
}

/** What a search plan reads: the days of the bounds (newest first) and the number of offers not expired they hold. */
export interface Scope {
  days: Day[];
  offers: number;
  /** Offers not expired on every day, bounds or not: the estimate is a share of them. */
  allOffers: number;
}

/**
 * The ids of the newest `limit` offers matching the filter, newest first (publication date, then id). `limit` is the
 * count shown plus one, which tells whether more match. `days`: the offers per day, when the caller already has them.
 */
export async function findFirstMatches(
  db: Db,
  filter: OfferFilter,
  limit: number,
  days?: Day[],
  caps = searchCaps,
): Promise<number[]> {
  if (!filter.text) return findNewestOfferIds(db, filter, limit);
  const text = filter.text;
  const scope = scopeOf(days ?? (await findOfferDays(db)), filter);
  if (scope.offers === 0) return [];
  const estimate = await estimateTextMatches(db, text);
  // websearch_to_tsquery makes a quoted phrase a <-> query: the index finds offers holding its words, and each one's
  // vector is read to check their positions.
  const costPerMatch = text.includes('"') ? COST_PER_WALKED : COST_PER_MATCH;
  const search: Search = { db, text, bounds: filter, scope, limit, costPerMatch, caps };
  const share = Math.min(1, Math.max(estimate, 1) / scope.allOffers);
  const walkCost = Math.min(scope.offers, limit / share) * COST_PER_WALKED;
  if (walkCost <= dayScanCost(search, share) && walkCost <= allDaysCost(search, share))
    return walkThenDays(search, share);
  return searchDays(search, { share, isMeasured: false });
}

/** One search: the text, its bounds and their days, and how many ids it wants. */
export interface Search {
  db: Db;
  text: string;
  bounds: DateBounds;
  scope: Scope;
  limit: number;
  /** What reading one match from the table costs: more for a phrase, whose positions are checked there. */
  costPerMatch: number;
  caps: SearchCaps;
}

export function scopeOf(days: Day[], bounds: DateBounds): Scope {
  const inBounds = days.filter(
    (d) => (!bounds.after || d.day >= bounds.after) && (!bounds.before || d.day <= bounds.before),
  );
  const sum = (list: Day[]) => list.reduce((n, d) => n + d.active, 0);
  return { days: inBounds, offers: sum(inBounds), allOffers: sum(days) };
}

/** The newest whole days holding the offers that should contain `limit` matches at this share. */
function daysFor(search: Search, share: number): { days: string[]; offers: number } {
  return newestDays(search.scope.days, Math.ceil((search.limit * WINDOW_MARGIN) / share));
}

/** Scanning those days: every offer of the days in the index, and the matches among them in the table. */
function dayScanCost(search: Search, share: number): number {
  return daysFor(search, share).offers * (COST_PER_DAY_OFFER + share * search.costPerMatch);
}

/** Reading every match in the table, whatever its day. */
function allDaysCost(search: Search, share: number): number {
  return share * search.scope.allOffers * search.costPerMatch;
}

/**
 * Words most offers hold: walk the newest offers until enough match. The walk stops at twice the offers the estimate
 * needs; short of matches there, the text was rarer than estimated and the share seen in the walk sizes the days.
 */
export async function walkThenDays(search: Search, share: number): Promise<number[]> {
  const examine = Math.min(search.scope.offers, Math.ceil((2 * search.limit) / share));
  const ids = await walkNewestMatches(search.db, search.text, search.bounds, examine, search.limit);
  if (ids.length >= search.limit || examine >= search.scope.offers) return ids;
  return searchDays(search, { share: Math.max(ids.length, 0.5) / examine, isMeasured: true });
}

/**
 * The newest days holding about the offers that should contain `limit` matches, intersected with the words in the
 * search index: the table is read for the matches of those days only. Too few matches: more days, sized by the share
 * just measured; too many read (the cap): fewer days. Offers of older days are all older, so the newest matches of
 * the days are the newest matches. When the days would hold most offers, reading every match of the text is cheaper.
 *
 * The estimate alone is not trusted with more than `caps.probeOffers` offers: a phrase, or words that go together
 * ("business developer"), are estimated as if their words were independent, ten times too rare. The first scan measures.
 */
export async function searchDays(search: Search, start: { share: number; isMeasured: boolean }): Promise<number[]> {
  const { db, text, bounds, scope, limit, caps } = search;
  let { share, isMeasured } = start;
  for (let scan = 0; scan < caps.dayScans; scan++) {
    if (isMeasured && allDaysCost(search, share) < dayScanCost(search, share)) {
      // Guarded: the newest offers measured may not be like the older ones.
      const cap = Math.max(caps.allDaysMatches, Math.ceil(3 * share * scope.allOffers));
      const found = await findMatchesOnAllDays(db, text, bounds, cap, limit);
      if (found.read < cap) return found.ids;
      share = (2 * cap) / scope.allOffers;
      isMeasured = true;
      continue;
    }
    const wanted = daysFor(search, share);
    // An estimate alone may be far off: a first, small scan measures the share before a large one relies on it.
    const window = isMeasured ? wanted : newestDays(scope.days, Math.min(wanted.offers, caps.probeOffers));
    const isWhole = window.days.length === scope.days.length;
    // A single day cannot be narrowed: read it whole.
    const cap = window.days.length === 1 ? Number.MAX_SAFE_INTEGER : caps.daysMatches;
    const found = await findMatchesOnDays(db, text, window.days, cap, limit);
    isMeasured = true;
    if (found.read >= cap) {
      share = (2 * cap) / window.offers;
      continue;
    }
    if (found.ids.length >= limit || isWhole) return found.ids;
    share = Math.max(found.read, 0.5) / window.offers;
  }
  return (await findMatchesOnAllDays(db, text, bounds, Number.MAX_SAFE_INTEGER, limit)).ids;
}

/** The newest days holding at least `offers` offers (all days when they hold fewer). */
function newestDays(days: Day[], offers: number): { days: string[]; offers: number } {
  const picked: string[] = [];
  let sum = 0;
  for (const d of days) {
    if (sum >= offers) break;
    picked.push(d.day);
    sum += d.active;
  }
  return { days: picked, offers: sum };
}

// ---------- The lists, per process ----------

/** The lists kept per database: a few KB each (1 001 ids). */
const LISTS_MAX = 500;

interface Lists {
  /** The offers version the lists were computed at; null before the first read. */
  version: number | null;
  byFilter: Map<string, Promise<number[]>>;
  /** The days' counts at this version, shared by the lists computed at it (statistics checked first). */
  days: Promise<Day[]> | undefined;
}

const listsByDb = new WeakMap<Db, Lists>();

function listsOf(db: Db): Lists {
  let lists = listsByDb.get(db);
  if (!lists) {
    lists = { version: null, byFilter: new Map(), days: undefined };
    listsByDb.set(db, lists);
  }
  return lists;
}

/** Forgets this process's lists (a write here); other processes see the new version in their next page read. */
export function forgetOfferSearches(db: Db): void {
  listsByDb.delete(db);
}

/**
 * The list of a filter at the current version: shared while it is computed (ten requests for a new word run one
 * search), dropped on failure so that the next request tries again. The version is read before the search: a write
 * committed meanwhile makes the list newer than its version, and the next page read only computes it once more.
 */
function listFor(db: Db, lists: Lists, filter: OfferFilter, limit: number): Promise<number[]> {
  const key = JSON.stringify([filter.text, filter.after, filter.before, limit]);
  const hit = lists.byFilter.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the first to go.
    lists.byFilter.delete(key);
    lists.byFilter.set(key, hit);
    return hit;
  }
  if (lists.byFilter.size >= LISTS_MAX) {
    const oldest = lists.byFilter.keys().next();
    if (!oldest.done) lists.byFilter.delete(oldest.value);
  }
  const list = (async () => findFirstMatches(db, filter, limit, filter.text ? await daysOf(db, lists) : undefined))();
  lists.byFilter.set(key, list);
  list.catch(() => {
    if (lists.byFilter.get(key) === list) lists.byFilter.delete(key);
  });
  return list;
}

/** The offers per day at this version, read once for the lists computed at it; the statistics checked with them. */
function daysOf(db: Db, lists: Lists): Promise<Day[]> {
  if (lists.days) return lists.days;
  const days = ensureOffersStatistics(db).then(() => findOfferDays(db));
  lists.days = days;
  days.catch(() => {
    if (lists.days === days) lists.days = undefined;
  });
  return days;
}

/** Starts over at `version`: every list computed before it may have changed. */
function resetTo(lists: Lists, version: number): void {
  lists.version = version;
  lists.byFilter.clear();
  lists.days = undefined;
}

export interface SearchPage {
  rows: OfferRow[];
  /** Matching offers up to `countLimit`. */
  total: number;
  /** More than `countLimit` match. */
  isCapped: boolean;
}

/** One page of the search: its offers, newest first, and the bounded count. */
export async function findOffersPage(
  db: Db,
  filter: OfferFilter,
  page: number,
  countLimit = OFFERS_COUNT_LIMIT,
): Promise<SearchPage> {
  const lists = listsOf(db);
  lists.version ??= await findOffersVersion(db);
  for (let attempt = 1; ; attempt++) {
    const version: number = lists.version;
    const list = await listFor(db, lists, filter, countLimit + 1);
    const pageIds = list.slice((page - 1) * OFFERS_PER_PAGE, Math.min(page * OFFERS_PER_PAGE, countLimit));
    const read = await findPageOffers(db, pageIds);
    const answer = { rows: read.rows, total: Math.min(list.length, countLimit), isCapped: list.length > countLimit };
    if (read.version === version) return answer;
    // Offers were written since the list was computed (here or by another process): compute it at the new version.
    // Writes in a row could keep moving it: the second list is computed after the first read, so it is served.
    if (lists.version === version) resetTo(lists, read.version);
    if (attempt === 2) return answer;
  }
}
