import { fileParams } from '../portal.ts';
import { defineRoute, fileResponse } from './define.ts';

/** Downloads of stored documents, by any signed-in user the access rules let read them. */
export const files = {
  download: defineRoute({
    method: 'GET',
    path: '/files/:id',
    params: fileParams,
    responses: {
      200: fileResponse('application/octet-stream', 'The document in its own type, named by Content-Disposition'),
    },
  }),
};
