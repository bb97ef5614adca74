import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import FormHelperText from '@mui/material/FormHelperText';
import { EmptyState } from '../../../../components/empty-state';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../../lib/i18n';
import { usePublicFiles } from '../../api/public-files';
import { LoadingLines, QueryError } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { useDownload } from '../../../../components/use-download';
import { formatFileSize } from '../../../../lib/file-size';
import { memo } from 'react';

export const PublicFilesCard = memo(function PublicFilesCard({ dossierId }: { dossierId: number }) {
  const { t, i18n } = useTranslation('portal');
  const errorText = useErrorText();
  const files = usePublicFiles(dossierId);
  const { download, pendingUrl, error } = useDownload();

  return (
    <SectionCard id="documents" title={t('home.documents')}>
      {files.isPending ? <LoadingLines /> : null}
      {files.isError ? <QueryError error={files.error} onRetry={() => void files.refetch()} /> : null}
      {files.data?.length === 0 ? <EmptyState title={t('home.noDocuments')} /> : null}
      {files.data && files.data.length > 0 ? (
        <List disablePadding>
          {files.data.map((file) => {
            const name =
              file.translateKey && i18n.exists(file.translateKey)
                ? t(builtKey<'portal'>(file.translateKey))
                : file.name;
            return (
              <ListItem
                key={file.attachmentUrl}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<Download />}
                    onClick={() => download(file.attachmentUrl)}
                    disabled={pendingUrl === file.attachmentUrl}
                    aria-label={t('home.downloadFile', { name })}
                  >
                    {t('actions.open')}
                  </Button>
                }
                sx={{ pr: 11 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {file.contentType === 'application/pdf' ? <PictureAsPdf color="error" /> : <InsertDriveFile />}
                </ListItemIcon>
                <ListItemText primary={name} secondary={formatFileSize(file.size, i18n.language)} />
              </ListItem>
            );
          })}
        </List>
      ) : null}
      {error ? (
        <FormHelperText error role="alert">
          {errorText(error)}
        </FormHelperText>
      ) : null}
    </SectionCard>
  );
});
