import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { identifyUser, requireAuth, signedInUser } from '../accounts/require-auth';
import {
  BookingMessages,
  bookingFormSchema,
  bookingTokenField,
  cancelSchema,
  rescheduleSchema,
  type NewBookingAnswer,
} from '../domain/booking/booking-schema';
import { CATALOGUE } from '../domain/booking/catalogue';
import { addDays, isCalendarDate, todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { parseBody } from '../http/parse-body';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { newBookingId } from './booking-id';
import { receiveBookingForm, storedPhoto } from './booking-photo-upload';
import type { BookingService, OwnershipProof } from './booking-service';
import { bookingView, managedBookingView } from './booking-view';
import { MAX_AVAILABILITY_DAYS, type SlotLedger } from './slot-ledger';
import { noStore } from '../http/no-store';

export interface BookingRouteDependencies {
  bookings: BookingService;
  slots: SlotLedger;
  storage: Storage;
  tokens: AuthTokens;
  logger: Logger;
  /** Per-IP limit on posting forms. */
  formLimit: RequestHandler;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

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

/** The booking token of a GET: in the query, as the manage link puts it. */
export const manageToken = z.object({ token: bookingTokenField });

/**
 * Who is asking about a booking: the token the request carries (already validated from its query
 * or body) and the signed-in user, if any (identifyUser ran before).
 */
export function ownershipProof(req: Request, token: string | undefined): OwnershipProof {
  return { token, userId: req.user?.id as string | undefined };
}

/** A POST's booking token: in its body, or in the query as a GET (and the manage link) has it. */
function postedToken(req: Request, bodyToken: string | undefined): string | undefined {
  return bodyToken ?? parseBody(manageToken, { ...req.query }).token;
}

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

  // Each route proves ownership first (the token, or the owner's login): anything else is the
  // same 404 as an unknown booking, before any rule about the booking itself is applied.
  const signedIn = identifyUser(deps.tokens);

  router.get('/bookings/:id', noStore, signedIn, async (req, res) => {
    const { token } = parseBody(manageToken, { ...req.query });
    const booking = await deps.bookings.findOwned(
      String(req.params.id),
      ownershipProof(req, token),
    );
    res.json({ booking: managedBookingView(booking) });
  });

  router.post('/bookings/:id/cancel', noStore, deps.formLimit, signedIn, async (req, res) => {
    const { token } = parseBody(cancelSchema, req.body ?? {});
    const proof = ownershipProof(req, postedToken(req, token));
    const owned = await deps.bookings.findOwned(String(req.params.id), proof);
    const { booking, refund } = await deps.bookings.cancel(owned.id as string, 'customer');
    res.json({
      booking: managedBookingView(booking),
      message: refund ? BookingMessages.cancelledWithRefund : BookingMessages.cancelled,
    });
  });

  router.post('/bookings/:id/reschedule', noStore, deps.formLimit, signedIn, async (req, res) => {
    const { date, time, token } = parseBody(rescheduleSchema(), req.body);
    const proof = ownershipProof(req, postedToken(req, token));
    const owned = await deps.bookings.findOwned(String(req.params.id), proof);
    const booking = await deps.bookings.reschedule(owned.id as string, date, time);
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
      throw new DomainError('unsupportedMedia', 'Send the booking form as multipart/form-data.');
    }
    res.locals.bookingId = newBookingId();
    next();
  };
  const create: RequestHandler = async (req, res) => {
    const photo = storedPhoto(req);
    try {
      const idempotencyKey = req.get('Idempotency-Key');
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new DomainError('invalid', BookingMessages.idempotencyKey);
      }
      const form = parseBody(bookingForm, req.body);
      const { booking, token, replayed } = await deps.bookings.create(form, {
        bookingId: res.locals.bookingId as string,
        photo,
        userId: req.user?.id as string | undefined,
        idempotencyKey,
      });
      if (replayed && photo) await deps.storage.delete(photo.key).catch(() => undefined);
      const answer: NewBookingAnswer = {
        booking: bookingView(booking),
        token,
        message:
          booking.status === 'estimate_requested'
            ? BookingMessages.estimateThanks
            : BookingMessages.created,
      };
      res.status(replayed ? 200 : 201).json(answer);
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
