import { fileParams } from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fileResponse } from '@passerelle/contract';
import { getReadableFile } from './files.service.ts';

const downloadSchema = {
  params: fileParams,
  response: {
    200: fileResponse('application/octet-stream', 'The document in its own type, named by Content-Disposition'),
  },
};

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Downloads of stored documents, by any signed-in user the access rules let read them (files/file-access.ts). */
export default async function filesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/files/:id', { onRequest: app.authenticate, schema: downloadSchema }, async (request, reply) => {
    const { file, bytes } = await getReadableFile(app.db, app.storage, signedInUser(request), request.params.id);
    return reply
      .type(file.contentType)
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
