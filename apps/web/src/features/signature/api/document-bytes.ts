import { apiResponse } from '../../../lib/api-client';

/**
 * A document's bytes (same-origin, behind the bearer token), for the in-page reader. Apart from the screen's other
 * calls: only the reader's chunk uses it, so that chunk imports nothing from the screen's.
 */
export async function fetchDocumentBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const res = await apiResponse(url.replace(/^\/api/, ''), { signal });
  return res.arrayBuffer();
}
