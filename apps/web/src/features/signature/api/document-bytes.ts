import { callForFile } from '../../../lib/api-client';

/**
 * A document's bytes (same-origin, behind the bearer token), for the in-page reader: `GET
 * /signature/:id/documents/:docId?as=view` (`id` is the case; the evidence records a view, a download otherwise). Apart
 * from the screen's other calls: only the reader's chunk uses it, so that chunk imports nothing from the screen's.
 */
export async function fetchDocumentBytes(
  params: { id: number; docId: number },
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  const res = await callForFile('GET /signature/:id/documents/:docId', {
    params,
    query: { as: 'view' },
    ...(signal ? { signal } : {}),
  });
  return res.arrayBuffer();
}
