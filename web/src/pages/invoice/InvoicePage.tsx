import './InvoicePage.css';
import { InvoiceWords, type InvoiceView } from '@hs/api/domain/invoice/invoice-schema';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { useInvoice, type InvoiceProof } from '../../api/invoices-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { readAuthToken, useAuthState } from '../../auth/auth-storage';
import { InvoicePdfDownload } from '../../components/invoices/InvoicePdfDownload';
import type { InvoicePageState } from '../../components/invoices/InvoicesSection';
import { Notice } from '../../components/Notice';
import { invoicePageContent as copy } from '../../content/invoice-content';
import { InvoiceDocument } from './InvoiceDocument';

interface BackLink {
  readonly to: string;
  readonly label: string;
}

/** The page the reader came from, as the lists put it in the history entry: our own paths only. */
function cameFrom(state: unknown): InvoicePageState | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? { from }
    : null;
}

function isDashboard(path: string): boolean {
  return /^\/dashboard(?:[/?#]|$)/i.test(path);
}

function isManagePage(path: string): boolean {
  return /^\/bookings\/manage(?:[/?#]|$)/i.test(path);
}

/**
 * Back to where the reader came from: the dashboard or the booking's manage page. Opened without
 * that (a new tab, a reload elsewhere), a link with a booking token goes back to that booking's
 * page, a signed-in reader to the dashboard, anyone else home.
 */
function backLinkOf(
  from: InvoicePageState | null,
  proof: InvoiceProof,
  invoice: InvoiceView | null,
): BackLink {
  if (from !== null && isDashboard(from.from)) {
    return { to: from.from, label: copy.backToDashboard };
  }
  if (from !== null && isManagePage(from.from)) {
    return { to: from.from, label: copy.backToBooking };
  }
  const bookingId = invoice?.bookingId ?? invoice?.subscriptionId ?? null;
  if (proof.token !== null && bookingId !== null) {
    const query = new URLSearchParams({ booking: bookingId, token: proof.token });
    return { to: `/bookings/manage?${query.toString()}`, label: copy.backToBooking };
  }
  if (proof.login) return { to: '/dashboard', label: copy.backToDashboard };
  return { to: '/', label: copy.home };
}

/** The proof the page opens the document with: the address's booking token, else the login. */
function useInvoiceProof(): InvoiceProof {
  const [params] = useSearchParams();
  const { signedIn } = useAuthState();
  const token = params.get('token');
  if (token !== null && token !== '') return { token, login: null };
  return { token: null, login: signedIn ? readAuthToken() : null };
}

/**
 * /invoices/:id[?token=]: one invoice or credit note as a clean, printable document, the same as
 * its PDF, with Download PDF and Print. The manage link's booking token (`?token=`) opens it and
 * is passed on to the PDF; without one, the signed-in owner's login does. Anyone else, like an
 * unknown id, reads "Invoice not found."
 */
export function InvoicePage() {
  const { id = '' } = useParams();
  const proof = useInvoiceProof();
  const location = useLocation();
  const from = cameFrom(location.state);
  const query = useInvoice(id, proof);
  const invoice = query.data ?? null;
  useDocumentTitle(invoice ? copy.title(invoice.kind, invoice.number) : copy.loadingTitle);
  const back = backLinkOf(from, proof, invoice);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <section className="screen invoice-page" aria-labelledby="screen-title">
      {/* Not twice: a document not found offers its own way on below. */}
      {notFound && back.to === (proof.login ? '/dashboard' : '/') ? null : (
        <p className="invoice-page__back">
          <Link to={back.to}>{back.label}</Link>
        </p>
      )}
      <h1 id="screen-title">
        {invoice ? copy.title(invoice.kind, invoice.number) : copy.loadingTitle}
      </h1>
      {query.isPending ? <p className="loading">{copy.loading}</p> : null}
      {notFound ? (
        <>
          <Notice tone="error">{InvoiceWords.notFound}</Notice>
          <p>
            {proof.login ? (
              <Link to="/dashboard">{copy.dashboard}</Link>
            ) : (
              <Link to="/">{copy.home}</Link>
            )}
          </p>
        </>
      ) : null}
      {query.isError && !notFound ? (
        <>
          <Notice tone="error">
            {query.error instanceof ApiError
              ? `${copy.failed} ${query.error.message}`
              : copy.failed}
          </Notice>
          <button
            className="button button--secondary"
            type="button"
            onClick={() => {
              void query.refetch();
            }}
          >
            {copy.retry}
          </button>
        </>
      ) : null}
      {invoice ? (
        <>
          <div className="button-row invoice-page__actions">
            <InvoicePdfDownload
              invoiceId={invoice.id}
              number={invoice.number}
              proof={proof}
              className="button"
            />
            <button
              className="button button--secondary"
              type="button"
              onClick={() => {
                window.print();
              }}
            >
              {copy.print}
            </button>
          </div>
          <InvoiceDocument invoice={invoice} proof={proof} back={from} />
        </>
      ) : null}
    </section>
  );
}
