import { ArrowDown, ArrowLeft, ArrowUp, LoaderCircle, Trash2, Upload } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { IMAGE_ACCEPT } from "~/domain/image-upload";
import { type AdminPhoto, CAPTION_LOCALES, MAX_CAPTION_LENGTH, PHOTO_MESSAGES } from "~/domain/opportunity-images";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { LOCALE_NAMES } from "~/i18n/locales";
import { useActionResult } from "./use-action-result";

const UPLOAD = "photo-upload";
const CAPTION = "photo-caption";
const MOVE = "photo-move";
const DELETE = "photo-delete";

/** What each write's answer says, as message keys. */
const TOASTS = {
  [UPLOAD]: { ok: PHOTO_MESSAGES.uploaded, failed: PHOTO_MESSAGES.uploadFailed },
  [CAPTION]: { ok: PHOTO_MESSAGES.captionSaved, failed: PHOTO_MESSAGES.captionFailed },
  [MOVE]: { ok: PHOTO_MESSAGES.moved, failed: PHOTO_MESSAGES.moveFailed },
  [DELETE]: { ok: PHOTO_MESSAGES.deleted, failed: PHOTO_MESSAGES.deleteFailed },
} as const;
type WriteKey = keyof typeof TOASTS;

/** Toasts a write's answer when the page's scripts sent it; `posted` is a document post's answer, said in the page. */
function useWriteResult(key: WriteKey, after?: (result: AdminActionResult, sent: FormData | undefined) => void) {
  const say = useTranslateMessage();
  return useActionResult(key, (result, sent) => {
    if (result.ok) toast.success(say(TOASTS[key].ok));
    else toast.error(say(TOASTS[key].failed), { description: result.fieldErrors ? say(Object.values(result.fieldErrors)[0]?.[0] ?? "") : result.message });
    after?.(result, sent);
  });
}

/**
 * /admin/opportunities/:id/photos (issue 33): one opportunity's gallery. Every write is a
 * form that also works posted as a plain document (decision record 034); with scripts each
 * goes through its fetcher and answers with a toast. Reordering is by the Earlier / Later
 * buttons, so it works from the keyboard; the focus follows the moved photo.
 */
export function OpportunityPhotos({ opportunity, photos }: { opportunity: { id: string; title: string }; photos: AdminPhoto[] }) {
  const t = useT();
  const say = useTranslateMessage();
  const list = useRef<HTMLOListElement>(null);
  const upload = useWriteResult(UPLOAD, (result) => {
    if (result.ok) uploadForm.current?.reset();
  });
  const uploadForm = useRef<HTMLFormElement>(null);
  const caption = useWriteResult(CAPTION);
  const move = useWriteResult(MOVE, (result, sent) => {
    // The moved photo's button keeps the focus; at an end, its other button takes it.
    const id = String(sent?.get("photoId") ?? "");
    const direction = String(sent?.get("direction") ?? "");
    if (!result.ok || !id) return;
    const same = document.getElementById(`photo-${id}-${direction}`);
    const other = document.getElementById(`photo-${id}-${direction === "up" ? "down" : "up"}`);
    ((same as HTMLButtonElement | null)?.disabled ? other : same)?.focus();
  });
  const remove = useWriteResult(DELETE, (result) => {
    if (result.ok) list.current?.closest("section")?.querySelector<HTMLElement>("h2")?.focus();
  });
  const posted = [upload.posted, caption.posted, move.posted, remove.posted].find(Boolean);
  const uploadErrors = upload.answer && !upload.answer.ok ? upload.answer.fieldErrors?.photos : undefined;

  return (
    <div className="space-y-8">
      <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("photos.back")}
      </Link>
      {posted ? (
        <AnswerNotice
          toast={
            posted.ok
              ? { type: "success", title: say(TOASTS[(posted.formKey ?? UPLOAD) as WriteKey].ok) }
              : { type: "error", title: say(TOASTS[(posted.formKey ?? UPLOAD) as WriteKey].failed), description: posted.message }
          }
        />
      ) : null}

      <section aria-labelledby="photos-upload-heading" className="rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="photos-upload-heading" className="font-serif text-xl font-semibold">
          {t("photos.upload.heading")}
        </h2>
        <upload.fetcher.Form ref={uploadForm} method="post" encType="multipart/form-data" className="mt-4 space-y-4">
          <FormKey name={UPLOAD} />
          <input type="hidden" name="intent" value="photo-upload" />
          <input type="hidden" name="opportunityId" value={opportunity.id} />
          <Field id="photos-input" label={t("photos.upload.label")} errors={uploadErrors} hint={t("photos.upload.hint")}>
            <Input
              id="photos-input"
              name="photos"
              type="file"
              multiple
              required
              accept={IMAGE_ACCEPT}
              aria-describedby={uploadErrors ? "photos-input-hint photos-input-error" : "photos-input-hint"}
              aria-invalid={uploadErrors ? true : undefined}
            />
          </Field>
          <Button type="submit" disabled={upload.busy}>
            {upload.busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Upload aria-hidden="true" />}
            {upload.busy ? t("photos.upload.busy") : t("photos.upload.submit")}
          </Button>
        </upload.fetcher.Form>
      </section>

      <section aria-labelledby="photos-list-heading" className="space-y-4">
        <h2 id="photos-list-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {t("photos.list.heading", { count: photos.length })}
        </h2>
        {photos.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{t("photos.list.empty")}</p>
        ) : (
          <ol ref={list} className="space-y-4">
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <PhotoRow photo={photo} index={index} count={photos.length} moving={move.busy && move.fetcher.formData?.get("photoId") === photo.id} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function PhotoRow({ photo, index, count, moving }: { photo: AdminPhoto; index: number; count: number; moving: boolean }) {
  const t = useT();
  const caption = useFormAnswer<AdminActionResult>(CAPTION);
  const move = useFormAnswer<AdminActionResult>(MOVE);
  const remover = useFormAnswer<AdminActionResult>(DELETE);
  const n = index + 1;
  const thumb = photo.variants.find((v) => v.format === "webp") ?? null;
  const deleting = remover.busy && remover.fetcher.formData?.get("photoId") === photo.id;
  const savingCaption = caption.busy && caption.fetcher.formData?.get("photoId") === photo.id;
  const headingId = `photo-${photo.id}-heading`;
  return (
    <article aria-labelledby={headingId} aria-busy={deleting || moving} className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm md:grid-cols-[12rem_1fr]" data-testid="admin-photo">
      <div className="space-y-2">
        <img
          src={thumb?.url ?? photo.fallbackUrl}
          alt={photo.captions.en}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full rounded-md bg-muted object-cover"
        />
        <p className="text-xs text-muted-foreground">
          {t("photos.photo.size", { width: photo.width, height: photo.height })}
        </p>
      </div>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {t("photos.photo.label", { n, count })}
          </h3>
          <div className="flex flex-wrap gap-2">
            <move.fetcher.Form method="post">
              <FormKey name={MOVE} />
              <input type="hidden" name="intent" value="photo-move" />
              <input type="hidden" name="photoId" value={photo.id} />
              <input type="hidden" name="direction" value="up" />
              <Button id={`photo-${photo.id}-up`} type="submit" variant="outline" size="sm" disabled={index === 0 || moving} aria-label={t("photos.photo.moveUpNamed", { n })}>
                <ArrowUp aria-hidden="true" /> {t("photos.photo.moveUp")}
              </Button>
            </move.fetcher.Form>
            <move.fetcher.Form method="post">
              <FormKey name={MOVE} />
              <input type="hidden" name="intent" value="photo-move" />
              <input type="hidden" name="photoId" value={photo.id} />
              <input type="hidden" name="direction" value="down" />
              <Button id={`photo-${photo.id}-down`} type="submit" variant="outline" size="sm" disabled={index === count - 1 || moving} aria-label={t("photos.photo.moveDownNamed", { n })}>
                <ArrowDown aria-hidden="true" /> {t("photos.photo.moveDown")}
              </Button>
            </move.fetcher.Form>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={t("photos.photo.deleteNamed", { n })}>
                  {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                  {t("photos.photo.delete")}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogTitle>{t("photos.photo.deleteTitle", { n })}</AlertDialogTitle>
                <AlertDialogDescription>{t("photos.photo.deleteQuestion")}</AlertDialogDescription>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <AlertDialogCancel className={buttonVariants({ variant: "outline" })}>{t("photos.photo.cancel")}</AlertDialogCancel>
                  <AlertDialogAction
                    className={buttonVariants({ variant: "destructive" })}
                    onClick={() => void remover.fetcher.submit({ intent: "photo-delete", photoId: photo.id, formKey: DELETE }, { method: "post" })}
                  >
                    {t("photos.photo.delete")}
                  </AlertDialogAction>
                </div>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        </div>
        <caption.fetcher.Form method="post" className="space-y-3">
          <FormKey name={CAPTION} />
          <input type="hidden" name="intent" value="photo-caption" />
          <input type="hidden" name="photoId" value={photo.id} />
          <div className="grid gap-3 lg:grid-cols-3">
            {CAPTION_LOCALES.map((locale) => (
              <Field key={locale} id={`caption-${photo.id}-${locale}`} label={t("photos.photo.captionIn", { language: LOCALE_NAMES[locale] })}>
                <Input
                  id={`caption-${photo.id}-${locale}`}
                  name={`caption_${locale}`}
                  defaultValue={photo.captions[locale]}
                  maxLength={MAX_CAPTION_LENGTH}
                  lang={locale}
                  dir={locale === "en" ? "ltr" : "rtl"}
                />
              </Field>
            ))}
          </div>
          <Button type="submit" variant="secondary" size="sm" disabled={savingCaption}>
            {savingCaption ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {t("photos.photo.saveCaption")}
          </Button>
        </caption.fetcher.Form>
      </div>
    </article>
  );
}
