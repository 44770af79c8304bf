import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { formatCad } from '@hs/api/domain/booking/catalogue';
import { memberDiscountCopy as copy } from '../../content/services-content';

/**
 * A plan member's discount, as rows of a summary list placed before its total: the full price
 * struck through and the discount. Both come from the server, which already took the discount
 * off the total; nothing is worked out here.
 */
export function DiscountRows({ discount }: { readonly discount: BookingView['discount'] }) {
  if (discount === null) return null;
  return (
    <>
      <dt>{copy.fullPrice}</dt>
      {/* The row's own label says what the struck price is to a reader that ignores the line. */}
      <dd>
        <s>{formatCad(discount.fullPriceCents)}</s>
      </dd>
      <dt>{copy.discount}</dt>
      <dd>{copy.member(discount.percent)}</dd>
    </>
  );
}
