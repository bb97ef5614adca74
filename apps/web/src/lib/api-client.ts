import type { ErrorBody, ErrorCode, ErrorParams } from '@passerelle/contract';
import { refreshTokenHeader } from '@passerelle/contract/auth-header';
import type {
  FileResponse,
  RouteAnswer,
  RouteBody,
  RouteDeclaration,
  RouteKey,
  RouteMap,
  RouteParams,
  RouteQuery,
} from '@passerelle/contract/routes';
import { authStore, rememberReturnPath } from './auth-store';

/** Every failed API call throws this: forms put `errors` under fields, other failures show the code's text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly errors: Record<string, string[]>;
  /** The values the messages of `errors` show (`{date}`), by path then message code. */
  readonly params: ErrorParams;

  constructor(
    status: number,
    code: ErrorCode | 'NETWORK',
    message: string,
    errors: Record<string, string[]> = {},
    params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.params = params;
  }
}

export interface SessionEvents {
  /** 401 that a refresh could not mend: the user is logged out and sent to /unauthorized. */
  onUnauthorized: () => void;
  /** A `refresh-token` header came back: the token was swapped; reload the user and stay on the page. */
  onTokenRenewed: () => void;
}

let events: SessionEvents = { onUnauthorized: () => {}, onTokenRenewed: () => {} };
export function setSessionEvents(next: SessionEvents) {
  events = next;
}

const REQUEST_TIMEOUT_MS = 120_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Do not log out on 401 (sign-in calls). */
  anonymous?: boolean;
  /** Sent as `Idempotency-Key`: one per action of a person (lib/request-key.ts), the same on each try of it. */
  idempotencyKey?: string;
}

let refreshing: Promise<boolean> | null = null;

/** The refresh route, called with fetch itself: its own 401 must not start another refresh. */
const refreshRoute = 'GET /admissibles/refresh_token' satisfies RouteKey;

/** One refresh at a time, whatever the number of calls that saw TOKEN_EXPIRED. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(`/api${routeUrl(refreshRoute.slice(refreshRoute.indexOf(' ') + 1))}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) return false;
      const { token } = (await res.json()) as RouteAnswer<RouteMap[typeof refreshRoute]>;
      if (typeof token !== 'string' || !token) return false;
      authStore.setToken(token);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  // The page's language (set by lib/i18n): the API words its validation messages in it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'fr-FR',
  };
  const token = authStore.get().token;
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError' && options.signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body))
      return new ApiError(res.status, body.code, body.message, body.errors ?? {}, body.params ?? {});
  } catch {
    // not JSON
  }
  return new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', text.slice(0, 200));
}

/**
 * Calls the API with the bearer token. SPEC section 4: a 401 whose text holds TOKEN_EXPIRED (or 'error 10') tries one
 * refresh, then logs out and remembers the path; a `refresh-token` header swaps the token and reloads the user.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  let res = await send(path, options);
  if (res.status === 401 && !options.anonymous) {
    const text = await res.clone().text();
    if ((text.includes('TOKEN_EXPIRED') || text.includes('error 10')) && (await refreshAccessToken())) {
      res = await send(path, options);
    }
    if (res.status === 401) {
      rememberReturnPath(window.location.pathname + window.location.search + window.location.hash);
      authStore.clear();
      events.onUnauthorized();
    }
  }
  const renewed = res.headers.get(refreshTokenHeader);
  if (renewed && res.ok) {
    authStore.setToken(renewed);
    events.onTokenRenewed();
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/**
 * JSON call typed with the contract's inferred type. The server checks every answer against its contract schema
 * before sending it (Fastify's zod serializer), so the page does not parse it again: zod stays out of the first load.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiResponse(path, options);
  if (res.status === 204 || res.status === 202) return undefined as T;
  return (await res.json()) as T;
}

/** Call whose answer has no body worth reading (202, 204). */
export async function apiVoid(path: string, options: RequestOptions = {}): Promise<void> {
  await apiResponse(path, options);
}

/** The parts of a call its route declares: each is required when the route has it (and not optional), absent otherwise. */
type Part<Name extends string, Value> = [Value] extends [never]
  ? { [K in Name]?: never }
  : Record<string, never> extends Value
    ? { [K in Name]?: Value }
    : undefined extends Value
      ? { [K in Name]?: Value }
      : { [K in Name]: Value };

export type CallOptions<D extends RouteDeclaration> = Part<'params', RouteParams<D>> &
  Part<'query', RouteQuery<D>> &
  Part<'body', RouteBody<D>> & {
    signal?: AbortSignal;
    /** Do not log out on 401 (sign-in calls). */
    anonymous?: boolean;
    /** A state change's Idempotency-Key (lib/request-key.ts). */
    idempotencyKey?: string;
  };

/** `[options]`, optional when the route needs none of params, query and body. */
type CallArguments<D extends RouteDeclaration> =
  Record<string, never> extends Omit<CallOptions<D>, 'signal' | 'anonymous' | 'idempotencyKey'>
    ? [options?: CallOptions<D>]
    : [options: CallOptions<D>];

/** A route's path with its parameters (each encoded) and its query: `/files/:id` and `{ id: 3 }` give `/files/3`. */
export function routeUrl(path: string, params: object = {}, query: object = {}): string {
  const values = params as Record<string, unknown>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(`${value as string | number}`);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    for (const item of [value].flat()) {
      if (item !== undefined && item !== null) search.append(name, `${item as string | number | boolean}`);
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** The routes whose answer is a file (a download): `callForFile` calls them, `call` the others. */
export type FileRouteKey = {
  [K in RouteKey]: [Extract<RouteMap[K]['responses'][keyof RouteMap[K]['responses']], FileResponse>] extends [never]
    ? never
    : K;
}[RouteKey];
export type JsonRouteKey = Exclude<RouteKey, FileRouteKey>;

async function sendRoute(route: RouteKey, options: object | undefined): Promise<Response> {
  const { params, query, body, signal, anonymous, idempotencyKey } = (options ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    anonymous?: boolean;
    idempotencyKey?: string;
  };
  const space = route.indexOf(' ');
  return apiResponse(routeUrl(route.slice(space + 1), params, query), {
    method: route.slice(0, space) as RouteDeclaration['method'],
    ...(body === undefined ? {} : { body }),
    ...(signal ? { signal } : {}),
    ...(anonymous ? { anonymous } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/**
 * Calls a route of the contract (packages/contract/src/routes), named by its method and path: `call('GET
 * /users/me')`, `call('PUT /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id }, body })`. Params, query and body are typed from its
 * declaration, and so is the answer: the JSON of its 2xx status (which the server checked against the schema: not
 * parsed again, zod stays out of the page), `undefined` for a route that answers no body (202, 204). A FormData is
 * the body of an upload.
 */
export async function call<K extends JsonRouteKey>(
  route: K,
  ...[options]: CallArguments<RouteMap[K]>
): Promise<RouteAnswer<RouteMap[K]>> {
  const res = await sendRoute(route, options);
  if (res.status === 204 || res.status === 202) return undefined as RouteAnswer<RouteMap[K]>;
  return (await res.json()) as RouteAnswer<RouteMap[K]>;
}

/** Calls a route whose answer is a file (a download): its Response, whose bytes and headers the caller reads. */
export function callForFile<K extends FileRouteKey>(
  route: K,
  ...[options]: CallArguments<RouteMap[K]>
): Promise<Response> {
  return sendRoute(route, options);
}

/**
 * The address of a download route, for `downloadFile` (which opens it in a tab inside the click): typed like `call`,
 * `fileUrl('GET /admissibles/portal/attestations/:kind', { params: { kind } })`.
 */
export function fileUrl<K extends FileRouteKey>(route: K, ...[options]: CallArguments<RouteMap[K]>): string {
  const { params, query } = (options ?? {}) as { params?: object; query?: object };
  return `/api${routeUrl(route.slice(route.indexOf(' ') + 1), params, query)}`;
}

/**
 * SPEC: `GET {fileUrl}` as a blob, then a PDF or an image opens in a new tab and anything else (or a named file) is saved.
 * Call it straight from the click handler: the tab is opened before the first await, while the browser still counts
 * the click as the person's gesture (a window.open after an await is blocked as a popup), and gets its address once
 * the bytes are here. When no tab could be opened, the file is saved instead.
 */
export async function downloadFile(address: string, filename?: string): Promise<void> {
  const tab = filename ? null : window.open('', '_blank');
  // The new tab must not drive this one (reverse tabnabbing); 'noopener' would make window.open return null.
  if (tab) tab.opener = null;
  try {
    const res = await apiResponse(address.replace(/^\/api/, ''));
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    if (tab && !tab.closed && (blob.type === 'application/pdf' || blob.type.startsWith('image/'))) {
      tab.location.href = url;
    } else {
      tab?.close();
      const a = document.createElement('a');
      a.href = url;
      a.download = filename ?? 'document';
      document.body.append(a);
      a.click();
      a.remove();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
