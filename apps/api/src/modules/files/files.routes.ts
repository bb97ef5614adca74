import { files } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { getReadableFile } from './files.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Downloads of stored documents, by any signed-in user the access rules let read them (files/file-access.ts). */
export default async function filesRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, files.download, { onRequest: app.authenticate }, async (request, reply) => {
    const { file, bytes } = await getReadableFile(app.db, app.storage, signedInUser(request), request.params.id);
    return reply
      .type(file.contentType)
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
