import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { RouteMap, RouteQuery } from '@passerelle/contract/routes';
import { useDownload } from '../../../components/use-download';
import { useErrorText } from '../../../components/use-error-text';
import { fileUrl } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';

/** The pipeline's filters, order and page, as the export reads them (the list's own query). */
export type ExportCasesQuery = RouteQuery<RouteMap['GET /staff/exports/dossiers.csv']>;

/**
 * The cases under the pipeline's current filters as a CSV file (issue 12, "Exports"). `query` is the pipeline's own
 * query; the file is fetched with the session's token (never in the address) and saved.
 */
export function ExportCasesButton({ query, label }: { query: ExportCasesQuery; label?: string }) {
  const { t } = useTranslation('staff-exports');
  const errorText = useErrorText();
  const { download, pendingUrl, error, clearError } = useDownload();
  const url = fileUrl('GET /staff/exports/dossiers.csv', { query });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Download />}
        loading={pendingUrl === url}
        onClick={() => download(url, 'dossiers.csv')}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {label ?? t('cases.button')}
      </Button>
      {error ? (
        <Alert severity="error" role="alert" onClose={clearError} sx={{ mt: 1 }}>
          {errorText(error)}
        </Alert>
      ) : null}
    </>
  );
}
