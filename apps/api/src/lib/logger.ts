import type { FastifyRequest } from 'fastify';

/**
 * Request log fields: method, path without its query string (personal links carry a token there),
 * and the request id. Headers, cookies and bodies are never logged.
 */
export const requestSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, path: request.url.split('?')[0], id: request.id };
  },
};

export function loggerOptions(level: string) {
  return {
    level,
    serializers: requestSerializers as never,
    redact: { paths: ['req.headers', 'headers', 'authorization', 'cookie', 'token', 't', 'email', 'nir'], remove: true },
  };
}
