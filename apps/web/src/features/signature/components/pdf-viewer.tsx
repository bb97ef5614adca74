import Download from '@mui/icons-material/FileDownloadOutlined';
import FitWidth from '@mui/icons-material/FitScreenOutlined';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDocumentBytes } from '../api/document-bytes';
import type { PdfPages } from '../utils/pdf-pages';
import type { SignatureDocument } from '../utils/signers';

const ZOOMS = [1, 1.5, 2, 3] as const;

/** The width the pages fit, followed as the window turns or resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Opens the bytes with pdf.js, fetched with its worker on first use only; closed when the viewer goes. */
function usePdf(bytes: ArrayBuffer | undefined) {
  const [state, setState] = useState<{ pdf: PdfPages | null; error: unknown }>({ pdf: null, error: null });
  useEffect(() => {
    if (!bytes) return;
    let opened: PdfPages | null = null;
    let cancelled = false;
    // pdf.js hands the buffer to its worker (which empties it): it gets a copy, the cached bytes stay whole.
    import('../utils/pdf-pages')
      .then(({ openPdf }) => openPdf(bytes.slice(0)))
      .then(
        (pdf) => {
          if (cancelled) return pdf.destroy();
          opened = pdf;
          setState({ pdf, error: null });
        },
        (error: unknown) => !cancelled && setState({ pdf: null, error }),
      );
    return () => {
      cancelled = true;
      opened?.destroy();
    };
  }, [bytes]);
  return state;
}

function PdfPage({
  pdf,
  pageNumber,
  width,
  label,
}: {
  pdf: PdfPages;
  pageNumber: number;
  width: number;
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || width <= 0) return;
    const task = pdf.render(pageNumber, canvas, width);
    task.promise.catch(() => setFailed(true));
    return task.cancel;
  }, [pdf, pageNumber, width]);
  return (
    <Box
      data-page={pageNumber}
      sx={{
        bgcolor: 'common.white',
        boxShadow: 1,
        mx: 'auto',
        width,
        minHeight: failed ? undefined : Math.round(width * 1.414),
      }}
    >
      <canvas ref={ref} role="img" aria-label={label} style={{ display: 'block' }} />
    </Box>
  );
}

export interface PdfViewerProps {
  /** The case whose document it is. */
  dossierId: number;
  document: SignatureDocument;
  /** Saves the file (the fallback where the page cannot draw it). */
  onDownload: () => void;
}

/**
 * A document drawn in the page, page under page, fitted to the width of the screen (an <iframe> of a PDF shows
 * nothing on most phones). Zoom widens the pages and the frame scrolls sideways; the download stays the fallback.
 */
export function PdfViewer({ dossierId, document: doc, onDownload }: PdfViewerProps) {
  const { t } = useTranslation('signature');
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useWidth(frameRef);
  const [zoomIndex, setZoomIndex] = useState(0);
  const [page, setPage] = useState(1);
  const bytes = useQuery({
    queryKey: ['signature', 'document', doc.id, doc.sha256],
    queryFn: ({ signal }) => fetchDocumentBytes({ id: dossierId, docId: doc.id }, signal),
    staleTime: Infinity,
  });
  const { pdf, error } = usePdf(bytes.data);
  const pageCount = pdf?.pageCount ?? doc.pages;
  // 16 px of the frame's padding on each side.
  const width = Math.max(0, (frameWidth - 32) * (ZOOMS[zoomIndex] ?? 1));

  /** The page in the middle of the frame, the last one once the frame is scrolled to its end. */
  function onScroll(event: UIEvent<HTMLDivElement>) {
    const frame = event.currentTarget;
    const pages = [...frame.querySelectorAll<HTMLElement>('[data-page]')];
    const atEnd = frame.scrollTop + frame.clientHeight >= frame.scrollHeight - 2;
    const middle = frame.scrollTop + frame.clientHeight / 2;
    // The frame is positioned: its pages' offsets are from its top.
    const current = atEnd ? pages.at(-1) : pages.findLast((element) => element.offsetTop <= middle);
    setPage(Number(current?.dataset['page'] ?? 1));
  }

  const failed = bytes.isError || error !== null;
  const loading = !failed && !pdf;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto' }}>
          {pdf ? t('documents.pageOf', { page, count: pageCount }) : null}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('documents.zoomOut')}
          disabled={!pdf || zoomIndex === 0}
          onClick={() => setZoomIndex((z) => Math.max(0, z - 1))}
        >
          <ZoomOut />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('documents.fitWidth')}
          disabled={!pdf || zoomIndex === 0}
          onClick={() => setZoomIndex(0)}
        >
          <FitWidth />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('documents.zoomIn')}
          disabled={!pdf || zoomIndex === ZOOMS.length - 1}
          onClick={() => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1))}
        >
          <ZoomIn />
        </IconButton>
      </Box>
      <Box
        ref={frameRef}
        role="region"
        aria-label={t('documents.viewerLabel', { name: doc.name })}
        // Focusable so that the pages scroll with the keyboard's arrows.
        tabIndex={0}
        onScroll={onScroll}
        sx={{
          position: 'relative',
          overflow: 'auto',
          maxHeight: { xs: '70vh', md: '75vh' },
          bgcolor: 'action.hover',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {loading ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 6, justifyContent: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography variant="body2">{t('documents.loading')}</Typography>
          </Box>
        ) : null}
        {failed ? <Alert severity="warning">{t('documents.loadFailed')}</Alert> : null}
        {pdf && width > 0
          ? Array.from({ length: pdf.pageCount }, (_, index) => (
              <PdfPage
                key={index}
                pdf={pdf}
                pageNumber={index + 1}
                width={width}
                label={t('documents.pageLabel', { name: doc.name, page: index + 1, count: pdf.pageCount })}
              />
            ))
          : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('documents.downloadFallback')}
        </Typography>
        <Button size="small" startIcon={<Download />} onClick={onDownload}>
          {t('documents.download')}
        </Button>
      </Box>
    </Box>
  );
}
