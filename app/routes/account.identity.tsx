import { data } from "react-router";
import { z } from "zod";
import { IdentityPage, type IdentityAnswerResult } from "~/components/account/identity-form";
import type { FieldErrors } from "~/domain/action-result";
import { brand } from "~/domain/brand";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { IDENTITY_FILE_KINDS, IDENTITY_FILE_MAX_BYTES, IDENTITY_MESSAGES, identitySubmissionInput, identitySubmissionSchema, type IdentityFileKind } from "~/domain/identity-checks";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { getOwnIdentityCheck, readIdentityUpload, submitIdentityCheck, type CheckedIdentityFile } from "~/server/services/identity-checks.server";
import type { Route } from "./+types/account.identity";

export const handle = {
  catalogues: ["account", "verification"],
  dates: true,
  // The identity document, a proof of address and, through a company, its registration.
  ...uploadHandle(IDENTITY_FILE_KINDS.length, IDENTITY_FILE_MAX_BYTES),
} satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account/identity (issue 35): the investor's identity check, and the form that sends their files. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  return { check: await getOwnIdentityCheck(context, actor), timeZone: context.config.firmTimeZone, retentionYears: context.config.identity.retentionYears };
}

const FILE_FIELDS: IdentityFileKind[] = ["identity_document", "proof_of_address", "entity_registration"];

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  const reply = (message: string): IdentityAnswerResult => ({ ok: false, message });
  return answer(context, { failure: IDENTITY_MESSAGES.saveFailed, reply }, async () => {
    const form = await readForm(request);
    const parsed = identitySubmissionSchema.safeParse(identitySubmissionInput(form));
    const fieldErrors: FieldErrors = parsed.success ? {} : { ...z.flattenError(parsed.error).fieldErrors };
    const files: Partial<Record<IdentityFileKind, CheckedIdentityFile>> = {};
    const wanted = parsed.success && parsed.data.throughEntity ? FILE_FIELDS : FILE_FIELDS.slice(0, 2);
    for (const kind of wanted) {
      const file = await readIdentityUpload(form.get(kind));
      if (!file) fieldErrors[kind] = [IDENTITY_MESSAGES.fileMissing];
      else if ("problem" in file) fieldErrors[kind] = [file.problem];
      else files[kind] = file;
    }
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      return data<IdentityAnswerResult>({ ok: false, message: t(IDENTITY_MESSAGES.saveFailed), fieldErrors }, { status: 400 });
    }
    await submitIdentityCheck(context, actor, { form: parsed.data, files });
    return data<IdentityAnswerResult>({ ok: true });
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.identity.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountIdentityPage({ loaderData, actionData }: Route.ComponentProps) {
  return <IdentityPage {...loaderData} result={actionData} />;
}
