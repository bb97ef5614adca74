import type { FileResponse, MultipartBody, RouteDeclaration } from '@passerelle/contract/routes';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { binary } from '@passerelle/contract';


/** A download's answer in Fastify's `schema.response`: its media type, bytes. */
interface FileResponseSchema {
  description: string;
  content: Record<string, { schema: typeof binary }>;
}

type Part<D, K extends string> = D extends { readonly [P in K]: infer S } ? S : undefined;

/** The Fastify schema of a declaration, as fastify-type-provider-zod reads it to type the handler. */
export interface RouteSchema<D extends RouteDeclaration> {
  params: Part<D, 'params'>;
  querystring: Part<D, 'query'>;
  body: Part<D, 'body'> extends MultipartBody ? undefined : Part<D, 'body'>;
  response: {
    [S in keyof D['responses']]: D['responses'][S] extends FileResponse ? FileResponseSchema : D['responses'][S];
  };
}

type Options<D extends RouteDeclaration> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RouteSchema<D>,
    ZodTypeProvider
  >,
  'schema'
>;

/** A handler of the declaration: its request's params, query and body, and what it returns, typed from it. */
export type RouteHandler<D extends RouteDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<D>,
  ZodTypeProvider
>;

function isFile(declared: unknown): declared is FileResponse {
  return typeof declared === 'object' && declared !== null && (declared as FileResponse).kind === 'file';
}

function isMultipart(body: unknown): body is MultipartBody {
  return typeof body === 'object' && body !== null && (body as MultipartBody).kind === 'multipart';
}

/**
 * Registers a route from its contract declaration (packages/contract/src/routes): method, path and schemas come from
 * it, so that Fastify validates the params, query and body with them (a refusal answers 400 with the per-field
 * `errors` map, plugins/errors.ts) and serializes the answer with the status's schema; the handler is typed from them.
 * `options` carries the rest as in `app.route` (onRequest, preHandler, config, bodyLimit…).
 */
export function registerRoute<const D extends RouteDeclaration>(
  app: FastifyInstance,
  route: D,
  options: Options<D>,
  handler: RouteHandler<D>,
): void {
  const response: Record<string, unknown> = {};
  for (const [status, declared] of Object.entries(route.responses)) {
    response[status] = isFile(declared)
      ? ({
          description: declared.description,
          content: { [declared.mediaType]: { schema: binary } },
        } satisfies FileResponseSchema)
      : declared;
  }
  const multipart = isMultipart(route.body) ? route.body.form : undefined;
  const schema = {
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body && !multipart ? { body: route.body } : {}),
    response,
    // @fastify/swagger reads the summary; plugins/api-docs.ts documents the multipart form.
    ...(route.summary ? { summary: route.summary } : {}),
    ...(multipart ? { openapi: { multipart } } : {}),
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .route({ ...options, method: route.method, url: route.path, schema, handler } as RouteOptions);
}
