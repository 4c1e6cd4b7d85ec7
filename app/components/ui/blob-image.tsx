import { useEffect, useState } from "react";

/** A photo the phone holds (a Blob kept in IndexedDB), shown through an object URL freed when it goes. */
export function BlobImage({ image, className }: { image: Blob; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(image);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image]);
  return url ? <img src={url} alt="" className={className} /> : null;
}
