import express, { type Router } from 'express';
import { isBookingId } from '../domain/booking/booking-id';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { signedInUser } from '../accounts/require-auth';
import { BookingModel } from '../bookings/booking-model';
import type { BookingService } from '../bookings/booking-service';
import type { SlotLedger } from '../bookings/slot-ledger';
import type { AdminBookingList } from '../domain/admin/admin-views';
import { BOOKING_STATUSES, type BookingStatus } from '../domain/booking/booking-status';
import { isCalendarDate } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { parseBody } from '../http/parse-body';
import type { JobProducer } from '../jobs/job-producer';
import type { Storage } from '../platform/storage';
import { AdminBookingMoves } from './admin-booking-moves';
import { adminBookingView } from './admin-booking-view';
import { adminOnly } from './admin-guard';
import { sendPrivateImage } from '../http/private-image';
import { AdminMessages } from './admin-messages';
import { pageParam, pageWindow } from './admin-query';
import { PHOTO_LINK_TTL_SECONDS, type BookingPhotoLinks } from './booking-photo-links';

export interface AdminBookingRouteDependencies {
  tokens: AuthTokens;
  bookings: BookingService;
  slots: SlotLedger;
  jobs: JobProducer;
  storage: Storage;
  photoLinks: BookingPhotoLinks;
}

const statusField = z.enum(BOOKING_STATUSES, {
  error: `status must be one of: ${BOOKING_STATUSES.join(', ')}.`,
});

export const listQuery = z.object({
  date: z
    .string({ error: 'date must be a date (YYYY-MM-DD).' })
    .refine(isCalendarDate, 'date must be a date (YYYY-MM-DD).')
    .optional(),
  status: statusField.optional(),
  page: pageParam,
});

export const moveBody = z.object({ status: statusField });

const isMissingObject = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

async function openPhoto(storage: Storage, key: string): Promise<Readable> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (isMissingObject(error)) throw new DomainError('notFound', AdminMessages.photoNotFound);
    const unavailable = new DomainError('unavailable', AdminMessages.photoUnavailable);
    unavailable.cause = error;
    throw unavailable;
  }
}

/**
 * GET /admin/bookings (newest visit date first, filtered by date and status), PATCH
 * /admin/bookings/:id {status}, and the photos the list links to.
 */
export function adminBookingRoutes(deps: AdminBookingRouteDependencies): Router {
  const router = express.Router();
  const admin = adminOnly(deps.tokens);
  const moves = new AdminBookingMoves(deps);
  const view = (booking: Parameters<typeof adminBookingView>[0]) =>
    adminBookingView(booking, deps.photoLinks, moves);

  router.get('/admin/bookings', ...admin, async (req, res) => {
    const query = parseBody(listQuery, { ...req.query });
    const { page, pageSize, skip } = pageWindow(query.page);
    const filter: { date?: string; status?: BookingStatus } = {};
    if (query.date) filter.date = query.date;
    if (query.status) filter.status = query.status;
    const [bookings, total] = await Promise.all([
      BookingModel.find(filter)
        .sort({ date: -1, createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(pageSize),
      BookingModel.countDocuments(filter),
    ]);
    const list: AdminBookingList = { bookings: bookings.map(view), total, page, pageSize };
    res.json(list);
  });

  router.patch('/admin/bookings/:id', ...admin, async (req, res) => {
    const { status } = parseBody(moveBody, req.body);
    const adminId = signedInUser(req.user).id as string;
    const { booking, refundRequested } = await moves.move(String(req.params.id), status, adminId);
    // 202 for a refund: accepted, and finished by the provider's confirmation.
    res.status(refundRequested ? 202 : 200).json({
      booking: view(booking),
      message: refundRequested ? AdminMessages.refundRequested : AdminMessages.moved(status),
    });
  });

  // No requireAuth: an <img> sends no Bearer token. The signed, short-lived address is the check.
  router.get('/admin/booking-photos/:id', async (req, res) => {
    const bookingId = req.params.id;
    if (
      !isBookingId(bookingId) ||
      !deps.photoLinks.verify(bookingId, req.query.expires, req.query.sig)
    ) {
      throw new DomainError('forbidden', AdminMessages.photoLinkInvalid);
    }
    const booking = await BookingModel.findById(bookingId);
    if (!booking?.imageKey) throw new DomainError('notFound', AdminMessages.photoNotFound);
    const body = await openPhoto(deps.storage, booking.imageKey);
    await sendPrivateImage(req, res, {
      body,
      contentType: booking.imageType || 'application/octet-stream',
      cacheControl: `private, max-age=${PHOTO_LINK_TTL_SECONDS}`,
      logContext: { image: 'booking photo', bookingId },
    });
  });

  return router;
}
