import { z } from 'zod';

/**
 * A route of the API, declared once (issue 26): the API registers it from this declaration (apps/api/src/lib/route.ts,
 * which types the handler's params, query, body and answer from it) and the web app calls it through it
 * (apps/web/src/lib/api-client.ts `call`, which types the call's params, query, body and the answer). A route changed
 * on one side only fails `npm run typecheck`. Paths are relative to `/api`, with Fastify's `:name` parameters.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A download: the route sends bytes in `mediaType` (a range such as `image/*`, or `application/octet-stream` for any). */
export interface FileResponse {
  readonly kind: 'file';
  readonly mediaType: string;
  readonly description: string;
}

export function fileResponse(mediaType: string, description: string): FileResponse {
  return { kind: 'file', mediaType, description };
}

/**
 * A multipart/form-data body (an upload): the handler reads it as a stream (request.file(), request.parts()), so
 * Fastify does not validate it; `form` describes its fields, for the documentation. The web app sends a FormData.
 */
export interface MultipartBody<Form extends z.ZodObject = z.ZodObject> {
  readonly kind: 'multipart';
  readonly form: Form;
}

export function multipartBody<Form extends z.ZodObject>(form: Form): MultipartBody<Form> {
  return { kind: 'multipart', form };
}

/** The answer of a 202 or a 204: no body. */
export function noBody(description = 'No body') {
  return z.undefined().describe(description);
}

export type ResponseDeclaration = z.ZodType | FileResponse;

export interface RouteDeclaration {
  readonly method: Method;
  readonly path: string;
  /** The path's `:name` parameters, each as it is in the path (a string, coerced by the schema). */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType | MultipartBody;
  /** Every answer by status: a schema (JSON, or noBody()), or fileResponse() for a download. */
  readonly responses: { readonly [status: number]: ResponseDeclaration };
  /** One line for the OpenAPI document. */
  readonly summary?: string;
}

/** The names of a path's `:name` parameters: `'/a/:id/b/:n'` gives `'id' | 'n'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with parameters has a `params` schema with each of them; a path without has none. */
type ParamsMatchPath<D extends RouteDeclaration> = [PathParamNames<D['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodObject & z.ZodType<Record<PathParamNames<D['path']>, unknown>> };

/** Declares a route; keeps its literal types (method, path, statuses, schemas). */
export function defineRoute<const D extends RouteDeclaration>(declaration: D & ParamsMatchPath<D>): D {
  return declaration;
}

// ---------- The types both sides read from a declaration ----------

/** The statuses that answer a successful call. */
export type SuccessStatus = 200 | 201 | 202 | 204;

type Answer<R> = R extends FileResponse ? Response : R extends z.ZodType ? z.output<R> : never;

/** What a successful call gives the web app: the JSON of its 2xx answers, `undefined` for noBody(), a Response for a file. */
export type RouteAnswer<D extends RouteDeclaration> = {
  [S in keyof D['responses'] & SuccessStatus]: Answer<D['responses'][S]>;
}[keyof D['responses'] & SuccessStatus];

/** The path parameters as the web app gives them (numbers stay numbers; the URL gets their text). */
export type RouteParams<D extends RouteDeclaration> = D['params'] extends z.ZodObject ? z.output<D['params']> : never;

/**
 * The query as the web app gives it: each field's input (optional when it has a default), or its output when the
 * schema coerces the text of the URL (a coerced field's input is `unknown`).
 */
export type RouteQuery<D extends RouteDeclaration> =
  D['query'] extends z.ZodObject<infer Shape>
    ? {
        [K in keyof z.input<D['query']>]: K extends keyof Shape
          ? unknown extends z.input<Shape[K]>
            ? z.output<Shape[K]>
            : z.input<Shape[K]>
          : never;
      }
    : never;

/** The body as the web app sends it: the schema's input, or a FormData for an upload. */
export type RouteBody<D extends RouteDeclaration> = D['body'] extends MultipartBody
  ? FormData
  : D['body'] extends z.ZodType
    ? z.input<D['body']>
    : never;
