import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';

export interface PrivateImage {
  body: Readable;
  contentType: string;
  /** Cache-Control: always private; how long depends on who may ask again. */
  cacheControl: string;
  /** Said in the log when the stream breaks off, to find the image again. */
  logContext: Record<string, unknown>;
}

/**
 * Streams a stored picture to the one person allowed to see it. The headers keep a browser from
 * reading it as anything but an image (the check on upload looks only at its first bytes).
 */
export async function sendPrivateImage(
  req: Request,
  res: Response,
  image: PrivateImage,
): Promise<void> {
  res.setHeader('Content-Type', image.contentType);
  res.setHeader('Cache-Control', image.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', 'inline');
  try {
    await pipeline(image.body, res);
  } catch (error) {
    if (!res.headersSent) throw error;
    // The client left, or storage broke off mid-image: nothing more can be said to the client.
    req.log.warn({ err: error, ...image.logContext }, 'private image stream ended early');
    res.destroy();
  }
}
