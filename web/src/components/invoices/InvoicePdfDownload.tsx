import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import {
  fetchInvoicePdf,
  invoicePdfUrl,
  saveFile,
  type InvoiceProof,
} from '../../api/invoices-api';
import { invoicePdfContent as copy } from '../../content/invoice-content';
import { Notice } from '../Notice';

interface InvoicePdfDownloadProps {
  readonly invoiceId: string;
  /** The document's number: the saved file's name. */
  readonly number: string;
  readonly proof: InvoiceProof;
  /** The element that names the document, where several are listed. */
  readonly describedBy?: string;
  readonly className?: string;
}

/**
 * Download PDF. With a booking token the PDF's address carries the proof, so a plain link
 * downloads it. The login is a Bearer token, which a link cannot send: the PDF is fetched with it
 * and saved from the page, saying "Preparing PDF…" meanwhile and why when it could not be.
 */
export function InvoicePdfDownload({
  invoiceId,
  number,
  proof,
  describedBy,
  className = 'button button--secondary',
}: InvoicePdfDownloadProps) {
  const filename = `${number}.pdf`;
  if (proof.token !== null) {
    return (
      <a
        className={className}
        href={invoicePdfUrl(invoiceId, proof.token)}
        download={filename}
        aria-describedby={describedBy}
      >
        {copy.download}
      </a>
    );
  }
  return (
    <FetchedPdfDownload
      invoiceId={invoiceId}
      filename={filename}
      proof={proof}
      describedBy={describedBy}
      className={className}
    />
  );
}

type DownloadState = 'idle' | 'preparing' | 'failed';

function FetchedPdfDownload({
  invoiceId,
  filename,
  proof,
  describedBy,
  className,
}: {
  readonly invoiceId: string;
  readonly filename: string;
  readonly proof: InvoiceProof;
  readonly describedBy: string | undefined;
  readonly className: string;
}) {
  const [state, setState] = useState<DownloadState>('idle');
  const [failure, setFailure] = useState<string>(copy.failed);
  const running = useRef<AbortController | null>(null);

  // A download still on its way when the page goes is dropped, not saved later.
  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  const download = () => {
    // Not disabled while it works (a disabled button loses the focus): presses are ignored.
    if (running.current !== null) return;
    const controller = new AbortController();
    running.current = controller;
    setState('preparing');
    fetchInvoicePdf(invoiceId, proof, controller.signal)
      .then(
        (pdf) => {
          saveFile(pdf, filename);
          setState('idle');
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState('failed');
          setFailure(failureText(error));
        },
      )
      .finally(() => {
        if (running.current === controller) running.current = null;
      });
  };

  const preparing = state === 'preparing';
  return (
    <div className="invoice-pdf">
      <button
        type="button"
        className={className}
        aria-describedby={describedBy}
        aria-disabled={preparing ? true : undefined}
        onClick={download}
      >
        {preparing ? copy.preparing : copy.download}
      </button>
      <span className="visually-hidden" role="status">
        {preparing ? copy.preparing : ''}
      </span>
      {state === 'failed' ? <Notice tone="error">{failure}</Notice> : null}
    </div>
  );
}

/** Why: the API's own words (an unknown invoice) or the network's, else to try again. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) {
    return `${copy.failedBecause} ${error.message}`;
  }
  return copy.failed;
}
