import { useState } from 'react';
import { downloadFile } from '../lib/api-client';

/** Downloads one file at a time and keeps the failure to show beside the button. */
export function useDownload() {
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  function download(fileUrl: string, filename?: string) {
    setError(null);
    setPendingUrl(fileUrl);
    // Not awaited before: downloadFile opens the tab inside this click.
    downloadFile(fileUrl, filename)
      .catch((err: unknown) => setError(err))
      .finally(() => setPendingUrl(null));
  }
  return { download, pendingUrl, error, clearError: () => setError(null) };
}
