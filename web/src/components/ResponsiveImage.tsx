import { useState } from 'react';
import { largestSrcOf, srcSetOf, type SiteImage } from '../content/images';
import './ResponsiveImage.css';

interface ResponsiveImageProps {
  readonly image: SiteImage;
  /** How wide the image is shown, for the browser to pick a size: '(min-width: 768px) 33vw, 100vw'. */
  readonly sizes: string;
  /** Above the fold: load at once and with priority; otherwise lazily. */
  readonly eager?: boolean;
  readonly className?: string;
}

/** Placeholder shown when an image cannot be loaded (docs/product.md section 8). */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * A picture of ours in the sizes we ship, with its width and height set so the page does not
 * jump while it loads, lazy below the fold, and a placeholder if it fails to load.
 */
export function ResponsiveImage({ image, sizes, eager = false, className }: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={['responsive-image', className].filter(Boolean).join(' ')}
      src={failed ? PLACEHOLDER_IMAGE : largestSrcOf(image)}
      srcSet={failed ? undefined : srcSetOf(image)}
      sizes={failed ? undefined : sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => {
        setFailed(true);
      }}
    />
  );
}
