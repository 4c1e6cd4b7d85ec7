import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { hasNoSignal } from "~/lib/http/connectivity";
import { ApiError } from "~/lib/http/errors";
import { UploadBrokenError } from "~/lib/http/upload";
import { uploadPhoto } from "./photo-upload";
import { BlobImage } from "./blob-image";
import { Button } from "./button";
import { Icon } from "./icons";
import { Input } from "./input";

// Photos of a listing or product: add a link by typing it and pressing Enter,
// or upload a photo (POST /api/uploads, which answers the processed image's
// address); each can be removed. The addresses are sent as hidden `name` fields. Where the form
// can keep a draft on the phone (`kept`), a photo chosen without signal, or whose upload the
// connection broke, is kept as the phone has it and shown with the others, to be uploaded later.

/** A photo held on the phone until there is signal to upload it. */
export interface KeptPhoto {
  id: string;
  image: Blob;
  name: string;
}

/**
 * A photo's thumbnail; where the browser will not load it (another website's photo, which the
 * site's policy blocks and the server refuses on saving), a plain picture sign instead of a broken image.
 */
function Thumbnail({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span className="flex h-full w-full items-center justify-center text-gray-400 dark:text-gray-500">
        <Icon name="image" className="h-8 w-8" />
      </span>
    );
  return <img src={url} alt="" className="h-full w-full object-cover" loading="lazy" onError={() => setFailed(true)} />;
}

export function ImageListInput({
  name,
  value,
  onChange,
  purpose,
  allowUpload = true,
  errors,
  id,
  kept,
}: {
  name: string;
  value: string[];
  onChange: (images: string[]) => void;
  purpose: "listing" | "product";
  allowUpload?: boolean;
  errors?: string[];
  id: string;
  /** Photos kept on the phone (counted with `value`), and where to hand a new one; without it every photo is uploaded at once. */
  kept?: { photos: KeptPhoto[]; onChange: (photos: KeptPhoto[]) => void };
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [uploading, setUploading] = useState<{ percent: number } | null>(null);
  const stopUpload = useRef<AbortController | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [keptNote, setKeptNote] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function addDraft(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const url = draft.trim();
    if (url && !value.includes(url)) onChange([...value, url]);
    setDraft("");
  }

  function keepOnPhone(file: File) {
    if (!kept) return;
    kept.onChange([...kept.photos, { id: crypto.randomUUID(), image: file, name: file.name || "photo.jpg" }]);
    setKeptNote(true);
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (kept && hasNoSignal()) {
      keepOnPhone(file);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const controller = new AbortController();
    stopUpload.current = controller;
    setUploading({ percent: 0 });
    setUploadError(null);
    try {
      const url = await uploadPhoto(file, purpose, controller.signal, ({ sent, total }) =>
        setUploading({ percent: total ? Math.min(100, Math.round((sent / total) * 100)) : 0 }),
      );
      onChange([...value, url]);
    } catch (error) {
      // The connection went while sending: the photo waits on the phone with the draft.
      if (!controller.signal.aborted && kept && !(error instanceof ApiError)) keepOnPhone(file);
      else if (!controller.signal.aborted)
        setUploadError(
          error instanceof ApiError
            ? (error.serverMessage ?? t("upload.errors.failed"))
            : error instanceof UploadBrokenError
              ? t("upload.errors.broken")
              : t("upload.errors.failed"),
        );
    } finally {
      stopUpload.current = null;
      setUploading(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 || (kept?.photos.length ?? 0) > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {value.map((url) => (
            <li
              key={url}
              className="relative h-20 w-20 overflow-hidden rounded-lg border border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-800"
            >
              <Thumbnail url={url} />
              <input type="hidden" name={name} value={url} />
              <button
                type="button"
                onClick={() => onChange(value.filter((item) => item !== url))}
                className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white"
                aria-label={t("listing.form.removeImage")}
              >
                <Icon name="close" className="h-3 w-3" />
              </button>
            </li>
          ))}
          {kept?.photos.map((photo) => (
            <li
              key={photo.id}
              data-kept-photo=""
              className="relative h-20 w-20 overflow-hidden rounded-lg border border-dashed border-earth-500 bg-gray-50 dark:bg-gray-800"
            >
              <BlobImage image={photo.image} className="h-full w-full object-cover" />
              <span className="absolute bottom-1 left-1 rounded-full bg-black/60 p-1 text-white">
                <Icon name="smartphone" className="h-3 w-3" />
                <span className="sr-only">{t("listing.form.photoOnPhone")}</span>
              </span>
              <button
                type="button"
                onClick={() => kept.onChange(kept.photos.filter((item) => item.id !== photo.id))}
                className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white"
                aria-label={t("listing.form.removeImage")}
              >
                <Icon name="close" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="url"
          inputMode="url"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={addDraft}
          placeholder={t("listing.form.imageUrlPlaceholder")}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
        />
        {allowUpload ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              id={`${id}-file`}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button
              type="button"
              variant="outline"
              onClick={() => fileInput.current?.click()}
              disabled={uploading !== null}
              data-upload-percent={uploading?.percent}
            >
              {uploading
                ? t("listing.form.uploadingPercent", { percent: uploading.percent })
                : t("listing.form.uploadPhoto")}
            </Button>
            {uploading ? (
              <Button type="button" variant="ghost" onClick={() => stopUpload.current?.abort()}>
                {t("listing.form.stopUpload")}
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
      {keptNote && (kept?.photos.length ?? 0) > 0 ? (
        <p role="status" className="text-sm text-earth-700 dark:text-earth-400">
          {t("listing.form.photoKept")}
        </p>
      ) : null}
      {uploadError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
}
