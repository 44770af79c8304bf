import { BOOKING_STATUS_LABELS, type BookingStatus } from '../booking/booking-status';

const label = (status: BookingStatus) => BOOKING_STATUS_LABELS[status];

/** What the operators' API says when it refuses or does something, for the admin pages to show. */
export const AdminMessages = {
  cannotMove: (from: BookingStatus, to: BookingStatus, allowed: readonly BookingStatus[]) =>
    `A booking that is ${label(from)} cannot be moved to ${label(to)}. ` +
    (allowed.length > 0
      ? `From ${label(from)} it can move to: ${allowed.map(label).join(', ')}.`
      : `${label(from)} is final.`),
  noPaymentToRefund: 'This booking has no recorded card payment, so there is nothing to refund.',
  refundUnderway: 'A refund for this booking has already been requested.',
  refundRequested:
    'Refund requested from the payment provider. The booking shows Refunded once the provider confirms it.',
  moved: (to: BookingStatus) => `Booking moved to ${label(to)}.`,
  visitNotYetDue: (date: string) =>
    `This visit is on ${date}: it can be marked done or no-show from that day on.`,
  cannotSchedule: (status: BookingStatus) =>
    `A booking that is ${label(status)} cannot be put in the schedule.`,
  unknownCrew: 'crewId must be one of the crews on the schedule board, or null.',
  notAVisit: (status: BookingStatus) =>
    `A booking that is ${label(status)} has no visit to send a crew to.`,
  visitChanged: 'This visit changed meanwhile. Reload the schedule and try again.',
  crewBusy: (crew: string, date: string) =>
    `${crew} already has a visit in that window on ${date}.`,
  crewAssigned: (crew: string | null, reference: string) =>
    crew ? `${crew} is going to ${reference}.` : `${reference} has no crew now.`,
  scheduled: (reference: string, date: string, window: string) =>
    `${reference} is on ${date}, ${window}.`,
  photoLinkInvalid: 'This photo link is invalid or has expired. Reload the bookings page.',
  photoNotFound: 'This booking has no photo.',
  photoUnavailable: 'The photo cannot be loaded right now. Please try again shortly.',
} as const;
