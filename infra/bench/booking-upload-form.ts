import sharp from 'sharp';
import { BOOKING_IMAGE_FIELD } from '../../api/src/domain/booking/booking-schema';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';

const BOUNDARY = '----hsBenchBoundary3kT9wQxZr7YpL2vN';
export const BOOKING_FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * A photo as a phone takes it: a real JPEG of about `bytes` (noise does not compress, so its
 * size follows its pixel count), so the API's type check and S3 see what they would in use.
 */
export async function photoOfAbout(bytes: number): Promise<Buffer> {
  const jpeg = (side: number) =>
    sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
  const first = await jpeg(500);
  // Size grows with the area: one correction lands within a few per cent.
  return jpeg(Math.round(500 * Math.sqrt(bytes / first.length)));
}

function textPart(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

/**
 * The booking form as the site posts it, with its photo (or without, as most are sent): a Custom
 * Estimate, which takes no place in the calendar, so any number of them are accepted for one day.
 */
export function bookingUploadBody(email: string, photo?: Buffer): Buffer {
  const fields = {
    name: 'Bench Customer',
    phone: '416-555-0100',
    email,
    address: '1 Yonge St, Toronto, ON',
    postalCode: 'M5E 1W7',
    date: addDays(todayInToronto(), 30),
    time: 'afternoon',
    service: 'Free Construction Estimate',
    plan: 'Custom Estimate',
  };
  const text = Object.entries(fields)
    .map(([name, value]) => textPart(name, value))
    .join('');
  if (!photo) return Buffer.from(`${text}--${BOUNDARY}--\r\n`);
  const head =
    text +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${BOOKING_IMAGE_FIELD}"; filename="photo.jpg"\r\n` +
    'Content-Type: image/jpeg\r\n\r\n';
  return Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
