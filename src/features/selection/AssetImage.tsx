import { useState } from 'react';

// An image that shows the default picture when the asset has none or it fails to load (spec §3, §4.1).
export function AssetImage({
  src,
  fallback,
  alt,
  className,
}: {
  src: string;
  fallback: string;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = !src || failed === src ? fallback : src;
  return (
    <img
      className={className}
      src={shown}
      alt={alt}
      loading="lazy"
      onError={() => {
        if (shown !== fallback) setFailed(src);
      }}
    />
  );
}
