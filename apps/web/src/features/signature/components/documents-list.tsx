import Description from '@mui/icons-material/DescriptionOutlined';
import Download from '@mui/icons-material/FileDownloadOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useDownload } from '../../../components/use-download';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import type { SignatureDocument } from '../utils/signers';

// The viewer's own code is small; pdf.js comes later still, when it opens a document (see pdf-viewer.tsx).
const PdfViewer = lazy(() => import('./pdf-viewer').then((module) => ({ default: module.PdfViewer })));

/** The file name a download is saved under. */
const fileName = (doc: SignatureDocument) => (doc.name.toLowerCase().endsWith('.pdf') ? doc.name : `${doc.name}.pdf`);

interface DocumentItemProps {
  dossierId: number;
  doc: SignatureDocument;
  canRead: boolean;
  initiallyOpen: boolean;
  preferDownload: boolean;
}

function DocumentItem({ dossierId, doc, canRead, initiallyOpen, preferDownload }: DocumentItemProps) {
  const { t, i18n } = useTranslation('signature');
  const errorText = useErrorText();
  const { download, pendingUrl, error } = useDownload();
  const [open, setOpen] = useState(initiallyOpen);
  const viewerId = useId();
  const kind = i18n.exists(`signature:documents.kinds.${doc.kind}`)
    ? t(builtKey<'signature'>(`documents.kinds.${doc.kind}`))
    : null;
  const save = () => download(doc.url, fileName(doc));
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', mt: 0.25 }}>
          <Description />
        </Box>
        <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
          {/* The kind names the document for a person; the file name (as saved on download) comes under it. */}
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {kind ?? doc.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {[kind ? fileName(doc) : null, t('documents.pages', { count: doc.pages })].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canRead ? (
            <Button
              variant={open || preferDownload ? 'text' : 'outlined'}
              size="small"
              aria-expanded={open}
              aria-controls={open ? viewerId : undefined}
              startIcon={open ? <ExpandLess /> : <ExpandMore />}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t('documents.hide') : t('documents.read')}
            </Button>
          ) : null}
          <Button
            variant={canRead && !preferDownload ? 'text' : 'outlined'}
            size="small"
            startIcon={<Download />}
            disabled={pendingUrl === doc.url}
            onClick={save}
          >
            {t('documents.download')}
          </Button>
        </Box>
      </Box>
      {error ? (
        <Alert severity="error" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      {canRead && open ? (
        <Box id={viewerId}>
          <Suspense fallback={null}>
            <PdfViewer dossierId={dossierId} document={doc} onDownload={save} />
          </Suspense>
        </Box>
      ) : null}
    </Paper>
  );
}

export interface DocumentsListProps {
  /** The case whose documents they are. */
  dossierId: number;
  documents: SignatureDocument[];
  /** Online: the documents are read in the page; on paper they are downloaded to be printed. */
  canRead: boolean;
  /** Opens the first document's reader at once (the signer's turn). */
  openFirst?: boolean;
  /** Puts the download first (signing on paper: the documents are printed). */
  preferDownload?: boolean;
}

export function DocumentsList({
  dossierId,
  documents,
  canRead,
  openFirst = false,
  preferDownload = false,
}: DocumentsListProps) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {documents.map((doc, index) => (
        <DocumentItem
          key={doc.id}
          dossierId={dossierId}
          doc={doc}
          canRead={canRead}
          initiallyOpen={openFirst && index === 0}
          preferDownload={preferDownload}
        />
      ))}
    </Box>
  );
}
