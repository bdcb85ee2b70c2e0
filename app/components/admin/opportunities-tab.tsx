import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { LoaderCircle, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { FormField } from "~/components/forms/form-field";
import { useAdminForm } from "~/components/forms/use-admin-form";
import { OpportunityImage } from "~/components/opportunities/opportunity-image";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  ADMIN_OPPORTUNITY_TOASTS,
  CREATE_FIRST_OPPORTUNITY,
  DELETE_OPPORTUNITY_QUESTION,
  highlightsText,
  NO_OPPORTUNITIES,
  OPPORTUNITY_DIALOG_TITLES,
  opportunityFormSchema,
} from "~/domain/admin-opportunities";
import { todayInZone } from "~/domain/calendar";
import { EARLY_ACCESS_DAYS, OPPORTUNITY_STATUS_LABELS, OPPORTUNITY_STATUSES, type OpportunityStatus } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { IMAGE_ACCEPT, IMAGE_UPLOAD_MESSAGES, imageSizeProblem } from "~/domain/image-upload";
import type { AdminActionResult } from "~/domain/action-result";
import type { Opportunity } from "~/domain/opportunities";
import { adminSelectClass } from "./list-controls";
import { useSaveAndDeleteResults } from "./use-action-result";

const SAVE_FETCHER = "admin-opportunity-save";
const DELETE_FETCHER = "admin-opportunity-delete";

const STATUS_BADGES: Record<OpportunityStatus, BadgeProps["variant"]> = { active: "success", draft: "secondary", archived: "outline" };


/** The dialog's state: closed, creating, or editing one opportunity. */
type Editing = { mode: "create" } | { mode: "edit"; opportunity: Opportunity } | null;

/**
 * SPEC.md section 2, /admin Opportunities: a card grid of every opportunity (all statuses)
 * with edit and delete, the Create / Edit dialog holding the section 5 form, and the
 * empty state.
 */
export function AdminOpportunitiesTab({ opportunities, failed, timeZone }: { opportunities: Opportunity[]; failed: boolean; timeZone: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  useSaveAndDeleteResults({
    saveKey: SAVE_FETCHER,
    deleteKey: DELETE_FETCHER,
    toasts: ADMIN_OPPORTUNITY_TOASTS,
    headingId: "admin-opportunities-heading",
    onSaved: () => setEditing(null),
  });

  return (
    <section aria-labelledby="admin-opportunities-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-opportunities-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          Opportunities <span className="text-base font-normal text-muted-foreground">({opportunities.length})</span>
        </h2>
        <Button onClick={() => setEditing({ mode: "create" })}>
          <Plus aria-hidden="true" /> Add Opportunity
        </Button>
      </div>

      {opportunities.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-10 text-center">
          <p className="text-lg font-medium">{failed ? ADMIN_OPPORTUNITY_TOASTS.fetchFailed : NO_OPPORTUNITIES}</p>
          {failed ? null : (
            <Button className="mt-4" variant="outline" onClick={() => setEditing({ mode: "create" })}>
              {CREATE_FIRST_OPPORTUNITY}
            </Button>
          )}
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {opportunities.map((o) => (
            <li key={o.id}>
              <OpportunityAdminCard opportunity={o} onEdit={() => setEditing({ mode: "edit", opportunity: o })} />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing ? <OpportunityFormDialog key={editing.mode === "edit" ? editing.opportunity.id : "new"} editing={editing} timeZone={timeZone} /> : null}
      </Dialog>
    </section>
  );
}

function OpportunityAdminCard({ opportunity: o, onEdit }: { opportunity: Opportunity; onEdit: () => void }) {
  const remover = useFetcher<AdminActionResult>({ key: DELETE_FETCHER });
  const deleting = remover.state !== "idle" && remover.formData?.get("opportunityId") === o.id;
  return (
    <article aria-label={o.title} className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm" aria-busy={deleting}>
      <div className="relative aspect-[3/2] bg-muted">
        <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} />
        <Badge variant={STATUS_BADGES[o.status]} className="absolute top-3 left-3 bg-background/95 data-[status=active]:bg-success" data-status={o.status}>
          {OPPORTUNITY_STATUS_LABELS[o.status]}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="font-serif text-lg font-semibold">{o.title}</h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {o.location}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Minimum investment</dt>
            <dd className="font-medium">{formatUsd(o.minimumInvestment)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Returns</dt>
            <dd className="font-medium">{o.projectedReturns}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted-foreground">Developer</dt>
            <dd className="font-medium">{o.developer}</dd>
          </div>
        </dl>
        <div className="mt-auto flex gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${o.title}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={`Delete ${o.title}`}>
                {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                {deleting ? "Deleting..." : "Delete"}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogTitle>Delete {o.title}?</AlertDialogTitle>
              <AlertDialogDescription>{DELETE_OPPORTUNITY_QUESTION}</AlertDialogDescription>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialogCancel className={buttonVariants({ variant: "outline" })}>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  className={buttonVariants({ variant: "destructive" })}
                  onClick={() => void remover.submit({ intent: "opportunity-delete", opportunityId: o.id }, { method: "post" })}
                >
                  Delete
                </AlertDialogAction>
              </div>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>
    </article>
  );
}

/**
 * The section 5 form as the dialog checks it: the shared schema, plus the chosen image's
 * size, which the browser can check before sending up to 5 MB. The server checks the
 * image's size and content again and answers `fieldErrors.image`.
 */
const opportunityDialogSchema = opportunityFormSchema.extend({
  image: z
    .custom<File>()
    .optional()
    .refine((file) => !(file instanceof File && imageSizeProblem(file.size)), IMAGE_UPLOAD_MESSAGES.tooLarge),
});

/** The form's starting values: the saved opportunity's, or a draft. */
function formValuesOf(o: Opportunity | null, timeZone: string) {
  if (!o) return { status: "draft" as const };
  return {
    title: o.title,
    description: o.description,
    location: o.location,
    developer: o.developer,
    minimumInvestment: String(o.minimumInvestment),
    totalValue: String(o.totalValue),
    projectedReturns: o.projectedReturns,
    investmentPeriod: o.investmentPeriod,
    completionDate: o.completionDate ?? "",
    unitsAvailable: o.unitsAvailable === null ? "" : String(o.unitsAvailable),
    status: o.status,
    projectHighlights: highlightsText(o.projectHighlights),
    imageUrl: o.imageUrl ?? "",
    publicDate: o.publicAt ? todayInZone(timeZone, new Date(o.publicAt)) : "",
  };
}

/** The Create / Edit dialog: the section 5 form, checked here first and again on the server. */
function OpportunityFormDialog({ editing, timeZone }: { editing: NonNullable<Editing>; timeZone: string }) {
  const o = editing.mode === "edit" ? editing.opportunity : null;
  const { form, fields, fetcher, busy: saving } = useAdminForm({
    id: "opportunity",
    fetcherKey: SAVE_FETCHER,
    schema: opportunityDialogSchema,
    defaultValue: formValuesOf(o, timeZone),
  });

  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{o ? OPPORTUNITY_DIALOG_TITLES.edit : OPPORTUNITY_DIALOG_TITLES.create}</DialogTitle>
        <DialogDescription>Fields marked * are required. Only active opportunities are shown to the public.</DialogDescription>
      </DialogHeader>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="opportunity-save" />
        {o ? <input type="hidden" name="id" value={o.id} /> : null}
        <FormField field={fields.title} label="Title *">
          <Input {...getInputProps(fields.title, { type: "text" })} maxLength={200} autoComplete="off" />
        </FormField>
        <FormField field={fields.description} label="Description *">
          <Textarea {...getTextareaProps(fields.description)} rows={4} maxLength={5000} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.location} label="Location *">
            <Input {...getInputProps(fields.location, { type: "text" })} maxLength={200} />
          </FormField>
          <FormField field={fields.developer} label="Developer *">
            <Input {...getInputProps(fields.developer, { type: "text" })} maxLength={200} />
          </FormField>
          <FormField field={fields.minimumInvestment} label="Minimum investment ($)">
            <Input {...getInputProps(fields.minimumInvestment, { type: "text" })} inputMode="decimal" placeholder="e.g. 500000" />
          </FormField>
          <FormField field={fields.totalValue} label="Total value ($)">
            <Input {...getInputProps(fields.totalValue, { type: "text" })} inputMode="decimal" placeholder="e.g. 25000000" />
          </FormField>
          <FormField field={fields.projectedReturns} label="Projected returns *">
            <Input {...getInputProps(fields.projectedReturns, { type: "text" })} maxLength={200} placeholder="e.g. 18-22% annually" />
          </FormField>
          <FormField field={fields.investmentPeriod} label="Investment period *">
            <Input {...getInputProps(fields.investmentPeriod, { type: "text" })} maxLength={200} placeholder="e.g. 24-36 months" />
          </FormField>
          <FormField field={fields.completionDate} label="Completion date">
            <Input {...getInputProps(fields.completionDate, { type: "date" })} />
          </FormField>
          <FormField field={fields.unitsAvailable} label="Units available">
            <Input {...getInputProps(fields.unitsAvailable, { type: "text" })} inputMode="numeric" />
          </FormField>
          <FormField
            field={fields.publicDate}
            label="Public from"
            hint={`Empty: as soon as it is active. Elite members see it up to ${EARLY_ACCESS_DAYS} days before this date.`}
          >
            <Input {...getInputProps(fields.publicDate, { type: "date" })} aria-describedby={`${fields.publicDate.id}-hint${fields.publicDate.errors ? ` ${fields.publicDate.id}-error` : ""}`} />
          </FormField>
          <FormField field={fields.status} label="Status">
            <select {...getSelectProps(fields.status)} className={`${adminSelectClass} w-full px-3`}>
              {OPPORTUNITY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {OPPORTUNITY_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField field={fields.projectHighlights} label="Project highlights (comma-separated)">
          <Textarea {...getTextareaProps(fields.projectHighlights)} rows={2} placeholder="e.g. Waterfront location, Smart-home systems, Rental guarantee" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.imageUrl} label="Image URL">
            <Input {...getInputProps(fields.imageUrl, { type: "url" })} placeholder="https://" />
          </FormField>
          <FormField field={fields.image} label="Or upload an image (JPEG, PNG or WebP, up to 5 MB)">
            <Input {...getInputProps(fields.image, { type: "file" })} accept={IMAGE_ACCEPT} className="file:mr-3 file:font-medium" />
          </FormField>
        </div>
        <DialogFooter>
          <Button type="submit" disabled={saving}>
            {saving ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {saving ? "Saving..." : o ? "Save Changes" : "Create Opportunity"}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </DialogContent>
  );
}
