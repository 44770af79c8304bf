import express, { type RequestHandler, type Router } from 'express';
import mongoose from 'mongoose';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { identifyUser, requireAuth, signedInUser } from '../accounts/require-auth';
import {
  BookingMessages,
  bookingFormSchema,
  rescheduleSchema,
} from '../domain/booking/booking-schema';
import { CATALOGUE } from '../domain/booking/catalogue';
import { addDays, isCalendarDate, todayInToronto } from '../domain/calendar/toronto-date';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { receiveBookingForm, storedPhoto } from './booking-photo-upload';
import type { BookingService } from './booking-service';
import { bookingView, managedBookingView } from './booking-view';
import type { ManageLinks } from './manage-link';
import { MAX_AVAILABILITY_DAYS, type SlotLedger } from './slot-ledger';

export interface BookingRouteDependencies {
  bookings: BookingService;
  slots: SlotLedger;
  links: ManageLinks;
  storage: Storage;
  tokens: AuthTokens;
  logger: Logger;
  /** Per-IP limit on posting forms. */
  formLimit: RequestHandler;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

export const availabilityQuery = z
  .object({
    from: z.string().refine(isCalendarDate, 'from must be a date (YYYY-MM-DD).').optional(),
    to: z.string().refine(isCalendarDate, 'to must be a date (YYYY-MM-DD).').optional(),
  })
  .transform(({ from, to }) => {
    const start = from ?? todayInToronto();
    return { from: start, to: to ?? addDays(start, 30) };
  })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to.', path: ['to'] })
  .refine(({ from, to }) => to <= addDays(from, MAX_AVAILABILITY_DAYS - 1), {
    message: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`,
    path: ['to'],
  });

export const manageToken = z.object({ token: z.string().max(100).optional() });

/**
 * The booking form (POST /bookings, multipart), the catalogue and availability it is filled from,
 * and the pages a customer reaches from the signed link in their emails.
 */
export function bookingRoutes(deps: BookingRouteDependencies): Router {
  const router = express.Router();

  router.get('/catalogue', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(CATALOGUE);
  });

  router.get('/availability', noStore, async (req, res) => {
    const { from, to } = parseBody(availabilityQuery, { ...req.query });
    res.json(await deps.slots.remaining(from, to));
  });

  router.post('/bookings', noStore, ...createBooking(deps));

  /** The signed link's token: a wrong one is refused before the booking is even looked up. */
  const signedLink: RequestHandler = (req, _res, next) => {
    const bookingId = String(req.params.id);
    const { token } = parseBody(manageToken, {
      token: req.query.token ?? (req.body as { token?: unknown } | undefined)?.token,
    });
    if (!mongoose.isValidObjectId(bookingId) || !deps.links.verify(bookingId, token)) {
      throw new HttpError(403, BookingMessages.linkInvalid);
    }
    next();
  };

  router.get('/bookings/:id', noStore, signedLink, async (req, res) => {
    const booking = await deps.bookings.find(String(req.params.id));
    res.json({ booking: managedBookingView(booking) });
  });

  router.post('/bookings/:id/cancel', noStore, deps.formLimit, signedLink, async (req, res) => {
    const { booking, refund } = await deps.bookings.cancel(String(req.params.id), 'customer');
    res.json({
      booking: managedBookingView(booking),
      message: refund ? BookingMessages.cancelledWithRefund : BookingMessages.cancelled,
    });
  });

  router.post('/bookings/:id/reschedule', noStore, deps.formLimit, signedLink, async (req, res) => {
    const { date, time } = parseBody(rescheduleSchema(), req.body);
    const booking = await deps.bookings.reschedule(String(req.params.id), date, time);
    const view = managedBookingView(booking);
    res.json({ booking: view, message: BookingMessages.rescheduled(view.date, view.timeLabel) });
  });

  router.get('/me/bookings', noStore, requireAuth(deps.tokens), async (req, res) => {
    const user = signedInUser(req.user);
    const bookings = await deps.bookings.listForUser(user.id as string);
    res.json({ bookings: bookings.map(bookingView) });
  });

  return router;
}

/**
 * POST /bookings, also served at the path the original front end used. The photo is streamed to
 * storage as it arrives; if the booking is then refused or fails, the photo is removed again.
 */
export function createBooking(deps: BookingRouteDependencies): RequestHandler[] {
  // Built once: it reads today's date at each parse, not when it is built.
  const bookingForm = bookingFormSchema();
  const chooseId: RequestHandler = (req, res, next) => {
    if (!req.is(['multipart/form-data', 'application/json'])) {
      throw new HttpError(415, 'Send the booking form as multipart/form-data.');
    }
    res.locals.bookingId = new mongoose.Types.ObjectId();
    next();
  };
  const create: RequestHandler = async (req, res) => {
    const photo = storedPhoto(req);
    try {
      const idempotencyKey = req.get('Idempotency-Key');
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new HttpError(400, BookingMessages.idempotencyKey);
      }
      const form = parseBody(bookingForm, req.body);
      const { booking, replayed } = await deps.bookings.create(form, {
        bookingId: res.locals.bookingId as mongoose.Types.ObjectId,
        photo,
        userId: req.user?.id as string | undefined,
        idempotencyKey,
      });
      if (replayed && photo) await deps.storage.delete(photo.key).catch(() => undefined);
      res.status(replayed ? 200 : 201).json({
        booking: bookingView(booking),
        message:
          booking.status === 'estimate_requested'
            ? BookingMessages.estimateThanks
            : BookingMessages.created,
      });
    } catch (error) {
      if (photo) {
        await deps.storage.delete(photo.key).catch((cause: unknown) => {
          deps.logger.warn(
            { err: cause, key: photo.key },
            'could not remove a refused booking photo',
          );
        });
      }
      throw error;
    }
  };
  return [
    deps.formLimit,
    identifyUser(deps.tokens),
    chooseId,
    receiveBookingForm(deps.storage, deps.logger),
    create,
  ];
}
