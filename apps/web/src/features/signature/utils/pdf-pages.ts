/**
 * The in-page PDF reader's engine: pdf.js, loaded only when a signer opens a document (never in the first load, nor in
 * the signature screen's own chunk). Its worker is a separate file fetched by the browser when the first document
 * opens (docs/decisions/0018-signature-screen.md).
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfPages {
  pageCount: number;
  /** Draws page `pageNumber` (from 1) into `canvas`, `cssWidth` pixels wide, sharp on high-density screens. */
  render: (pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) => { promise: Promise<void>; cancel: () => void };
  destroy: () => void;
}

export async function openPdf(bytes: ArrayBuffer): Promise<PdfPages> {
  const task = getDocument({ data: new Uint8Array(bytes) });
  const doc: PDFDocumentProxy = await task.promise;
  return {
    pageCount: doc.numPages,
    render(pageNumber, canvas, cssWidth) {
      let cancelled = false;
      let cancelTask = () => {};
      const promise = (async () => {
        const page = await doc.getPage(pageNumber);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        // Capped: a large phone at 3x would otherwise draw a canvas of tens of megapixels per page.
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const scale = cssWidth / base.width;
        const viewport = page.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(cssWidth)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const task = page.render({ canvas, viewport });
        cancelTask = () => task.cancel();
        try {
          await task.promise;
        } catch (err) {
          if (!cancelled) throw err;
        }
      })();
      return {
        promise,
        cancel: () => {
          cancelled = true;
          cancelTask();
        },
      };
    },
    // Ends the document's worker too.
    destroy: () => void task.destroy(),
  };
}
