import type { AdminQuote } from '@hs/api/domain/quote/quote-schema';
import { type MouseEvent, useState } from 'react';
import { fetchQuotePdf, quotePdfFileName, quotePdfUrl } from '../../../api/admin-quotes-api';
import { type AdminSession, failureText, reportDenial } from '../use-admin-data';
import { quoteDetailContent as copy } from './quotes-content';

/**
 * The quote's PDF. A link alone cannot send the Bearer token, so a click fetches the file with it
 * and hands the browser what came back to save, as the Payments tab does with its CSV.
 */
export function QuotePdfLink({
  session,
  quote,
  onFailed,
}: {
  readonly session: AdminSession;
  readonly quote: AdminQuote;
  readonly onFailed: (message: string) => void;
}) {
  const [loading, setLoading] = useState(false);
  const fileName = quotePdfFileName(quote);

  const download = async () => {
    setLoading(true);
    try {
      const file = await fetchQuotePdf(session.token, quote.id);
      const address = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = address;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Once the click has handed the file to the browser's download.
      setTimeout(() => {
        URL.revokeObjectURL(address);
      }, 0);
    } catch (error) {
      if (!reportDenial(session, error)) onFailed(failureText(error));
    } finally {
      setLoading(false);
    }
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!loading) void download();
  };

  return (
    <a
      className="button button--secondary"
      href={quotePdfUrl(quote.id)}
      download={fileName}
      aria-label={loading ? copy.pdfLoading : copy.pdfLabel(quote.number, quote.revision)}
      aria-disabled={loading}
      onClick={onClick}
    >
      {loading ? copy.pdfLoading : copy.pdf}
    </a>
  );
}
