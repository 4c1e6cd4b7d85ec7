import type { ImgHTMLAttributes } from "react";
import { photoSources } from "~/modules/storage/renditions";

/**
 * A listing's or product's photo in web sizes: `sizes` says how wide it shows, so the browser
 * picks the smallest WebP that fills it. Lazy unless `priority` (the first card, which is
 * likely the largest thing on the first screen: fetched early, at high priority).
 */
export function Photo({
  src,
  sizes,
  priority = false,
  alt = "",
  ...props
}: { src: string; sizes: string; priority?: boolean } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "loading"
>) {
  const sources = photoSources(src);
  // React 18 passes the lowercase attribute through; it does not know fetchPriority yet.
  const fetchPriority = priority ? { fetchpriority: "high" } : {};
  return (
    <img
      {...props}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...fetchPriority}
    />
  );
}
