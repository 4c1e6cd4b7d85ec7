import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/lib/http/errors";
import { postWithProgress, UploadBrokenError, type UploadProgress } from "~/lib/http/upload";
import { Button } from "./button";
import { Icon } from "./icons";
import { Input } from "./input";

// Photos of a listing or product: add a link by typing it and pressing Enter,
// or upload a photo (POST /api/uploads, which answers the processed image's
// address); each can be removed. The addresses are sent as hidden `name` fields.

async function uploadPhoto(
  file: File,
  purpose: "listing" | "product",
  signal: AbortSignal,
  onProgress: (progress: UploadProgress) => void,
) {
  const body = new FormData();
  body.set("file", file);
  body.set("purpose", purpose);
  // The bytes as they leave, a way to stop, and a send that breaks on the way tried again.
  const answer = await postWithProgress("/api/uploads", body, { signal, onProgress, stallMs: 30_000 });
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.text, answer.statusText);
  return (JSON.parse(answer.text) as { data: { url: string } }).data.url;
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
}: {
  name: string;
  value: string[];
  onChange: (images: string[]) => void;
  purpose: "listing" | "product";
  allowUpload?: boolean;
  errors?: string[];
  id: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [uploading, setUploading] = useState<{ percent: number } | null>(null);
  const stopUpload = useRef<AbortController | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  function addDraft(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const url = draft.trim();
    if (url && !value.includes(url)) onChange([...value, url]);
    setDraft("");
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
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
      if (!controller.signal.aborted)
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
      {value.length > 0 ? (
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
      {uploadError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
}
