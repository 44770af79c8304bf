import { ApiError } from '../../api/api-client';
import type { BookingLink } from '../../api/bookings-api';
import { useBookingInvoices } from '../../api/invoices-api';
import { InvoicesSection, type InvoiceListState } from '../../components/invoices/InvoicesSection';

const LOAD_FAILED = 'Something went wrong!';

/**
 * The booking's invoices and credit notes (a plan's visit: its plan's), with the proof the page
 * opened with: the link's token, which the documents' pages and PDFs carry on, or the login.
 */
export function BookingInvoices({ link }: { readonly link: BookingLink }) {
  const query = useBookingInvoices(link);
  const state: InvoiceListState =
    query.isFetching && query.status !== 'success'
      ? { status: 'loading' }
      : query.status === 'success'
        ? { status: 'ready', invoices: query.data }
        : query.status === 'error'
          ? {
              status: 'failed',
              message: query.error instanceof ApiError ? query.error.message : LOAD_FAILED,
            }
          : { status: 'loading' };
  return (
    <InvoicesSection
      className="manage-booking__panel"
      state={state}
      proof={{ token: link.token, login: link.login ?? null }}
      onRetry={() => {
        void query.refetch();
      }}
    />
  );
}
