import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { usePortalInfos } from '../../api/infos';
import { DocumentUpload } from '../../components/document-upload';
import { LoadingLines, QueryError } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { useDownload } from '../../../../components/use-download';
import { formatDateTime } from '../../utils/dates';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { memo } from 'react';

/** SPEC "CV card": whether a CV is there, a PDF picker, and the CVs sent so far, newest first. */
export const CvCard = memo(function CvCard() {
  const { t, i18n } = useTranslation('portal');
  const errorText = useErrorText();
  const infos = usePortalInfos();
  const { download, pendingUrl, error } = useDownload();
  const cvs = infos.data?.documents.cv ?? [];

  return (
    <SectionCard
      id="cv"
      title={t('cv.title')}
      icon={<InsertDriveFileOutlined />}
      action={
        infos.data ? (
          cvs.length > 0 ? (
            <Chip size="small" color="success" icon={<CheckCircle />} label={t('cv.uploaded')} />
          ) : (
            <Chip size="small" color="warning" icon={<ErrorOutline />} label={t('cv.missing')} />
          )
        ) : undefined
      }
    >
      {infos.isPending ? <LoadingLines /> : null}
      {infos.isError ? <QueryError error={infos.error} onRetry={() => void infos.refetch()} /> : null}
      {infos.data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DocumentUpload field="cv" label={t('cv.fileLabel')} />
          {cvs.length > 0 ? (
            <Table size="small" aria-label={t('cv.listLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('cv.number')}</TableCell>
                  <TableCell>{t('cv.date')}</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      {t('cv.download')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {cvs.map((cv, index) => {
                  const number = cvs.length - index;
                  return (
                    <TableRow key={cv.fileId}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('cv.numbered', { number })}</TableCell>
                      <TableCell>{formatDateTime(cv.uploadDate, i18n.language)}</TableCell>
                      <TableCell align="right" sx={{ py: 0 }}>
                        <IconButton
                          onClick={() => download(cv.fileUrl)}
                          disabled={pendingUrl === cv.fileUrl}
                          aria-label={t('cv.downloadNumbered', { number })}
                          color="primary"
                        >
                          <Download />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          ) : null}
          {error ? (
            <FormHelperText error role="alert">
              {errorText(error)}
            </FormHelperText>
          ) : null}
        </Box>
      ) : null}
    </SectionCard>
  );
});
