import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request lines, one per answered request at `debug` (`warn` from 500 on, `error` when the answer itself
 * failed), none on arrival: at the default `info` level the console of a demo stays readable (a short tour made 13 000
 * request lines, the printed sign-in mail lost among them), and an operator who wants an access log sets
 * `LOG_LEVEL=debug`. The line holds what the request serializer allows (method, path without its query string,
 * request id), the status and the time taken.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.warn(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
