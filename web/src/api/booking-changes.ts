import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelBooking,
  rescheduleBooking,
  type BookingLink,
  type OwnerProof,
} from './bookings-api';
import { type PlanAction, changePlan } from './plans-api';
import { queryKeys } from './query-keys';

/**
 * A booking moved, cancelled or its plan changed: the places each day has left, and the signed-in
 * customer's list of bookings, are no longer what was read. The booking itself is rewritten by
 * the page from the answer (it carries the booking as it now stands).
 */
export function invalidateBookingReaders(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === queryKeys.availability('')[0] ||
      (queryKey[0] === queryKeys.account.every()[0] && queryKey[2] === 'bookings'),
    // Read again where they are next shown, not now: the screen that made the change shows
    // what its answer said, and asks nothing more.
    refetchType: 'none',
  });
}

export function useCancelBooking(link: BookingLink) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(link),
    onSuccess: () => invalidateBookingReaders(client),
  });
}

export function useRescheduleBooking(link: BookingLink) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ date, time }: { date: string; time: TimeWindowId }) =>
      rescheduleBooking(link, date, time),
    onSuccess: () => invalidateBookingReaders(client),
  });
}

export function usePlanChange(planId: string, proof: OwnerProof) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: PlanAction) => changePlan(planId, proof, action),
    onSuccess: () => invalidateBookingReaders(client),
  });
}
