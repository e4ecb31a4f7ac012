import { useState } from 'react';
import { imageSrc } from '../common/imageSrc';

// An image that shows the default picture when the asset has none or it fails to load (docs/PRODUCT.md#data-and-defaults, #loading). A remote
// picture is loaded through this server's image proxy, never from its own host (src/common/imageSrc.ts).
export function AssetImage({
  src,
  fallback,
  alt,
  className,
  size,
}: {
  src: string;
  fallback: string;
  alt: string;
  className?: string;
  /** Width and height in CSS pixels, where no stylesheet sizes the picture. */
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = imageSrc(src, window.location.origin);
  const shown = !wanted || failed === wanted ? fallback : wanted;
  return (
    <img
      className={className}
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => {
        if (shown !== fallback) setFailed(wanted);
      }}
    />
  );
}
