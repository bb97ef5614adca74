import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { staffExportPaths } from '@passerelle/contract/staff-export-paths';
import { useDownload } from '../../../components/use-download';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';

/**
 * The cases under the pipeline's current filters as a CSV file (issue 12, "Exports"). `query` is the pipeline's own
 * query string; the file is fetched with the session's token (never in the address) and saved.
 */
export function ExportCasesButton({ query, label }: { query: string; label?: string }) {
  const { t } = useTranslation('staff-exports');
  const errorText = useErrorText();
  const { download, pendingUrl, error, clearError } = useDownload();
  const url = `${staffExportPaths.dossiers}${query ? `?${query}` : ''}`;
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
