import { files } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { getReadableFile } from './files.service.ts';

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
