export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageType {
  mimeType: ImageMimeType;
  extension: 'jpg' | 'png' | 'webp';
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50]; // "WEBP"

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * The image type a file really is, judged by its first bytes; never by its name or the type the
 * client claims. Only the three types the site offers are recognised (each form narrows them further); anything else is null.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, JPEG)) return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, PNG)) return { mimeType: 'image/png', extension: 'png' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) {
    return { mimeType: 'image/webp', extension: 'webp' };
  }
  return null;
}

const TYPE_BY_EXTENSION: Record<string, ImageMimeType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The content type of a stored image, from the extension its key was given when it was judged. */
export function mimeTypeOfKey(key: string): ImageMimeType | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return TYPE_BY_EXTENSION[extension] ?? null;
}
