import type { Submission } from "@conform-to/react";
import { NotificationPreferences } from "~/components/account/notification-preferences";
import { brand } from "~/domain/brand";
import type { FormPageAnswer } from "~/domain/form-answer";
import {
  confirmPhoneCodeSchema,
  NOTIFICATION_MESSAGES,
  preferencesFormSchema,
  preferencesInput,
  refusalField,
  startPhoneSchema,
  timeZoneList,
} from "~/domain/notification-preferences";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import type { FlashToast } from "~/domain/toast";
import { type I18nHandle, type MessageKey, translator } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answerFormPage } from "~/server/http/form-page.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import {
  confirmPhoneCode,
  notificationPreferences,
  savePreferences,
  startPhoneVerification,
  withdrawWhatsAppConsent,
} from "~/server/services/notification-preferences.server";
import type { Route } from "./+types/account.notifications";

/** The page's words; the consent's date and the code's expiry are said in words. */
export const handle = { catalogues: ["account"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account/notifications (issue 39): what the investor receives where, and their WhatsApp number and consent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const view = await notificationPreferences(context, actorOf(viewer));
  return { view, timeZones: timeZoneList(view.timeZone), firmTimeZone: context.config.firmTimeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  // A number kept left to right inside right-to-left words (an isolate).
  const number = (phone: string) => (directionOf(context.locale) === "rtl" ? `\u2066${phone}\u2069` : phone);
  const failed = (description: string): FlashToast => ({ type: "error", title: t("account.notifications.toast.notSaved"), description });
  const saved = (title: MessageKey, description: MessageKey, values?: Record<string, string>): FlashToast => ({
    type: "success",
    title: t(title),
    description: t(description, values),
  });
  // A refusal comes back beside its field (or on the form); a code typed is never shown again.
  const refused = (message: string, error: { message: string }, submission: Submission<unknown> | undefined): FormPageAnswer => {
    const field = refusalField(error.message);
    return {
      toast: failed(message),
      result: submission?.reply(field ? { fieldErrors: { [field]: [message] }, hideFields: ["code"] } : { formErrors: [message], hideFields: ["code"] }),
    };
  };
  return answerFormPage(request, context, { failure: NOTIFICATION_MESSAGES.failed, refused }, async ({ intent, parse, invalid, answered }) => {
    switch (intent) {
      case "save-preferences": {
        const s = parse(preferencesFormSchema);
        if (s.status !== "success") return invalid();
        await savePreferences(context, actor, preferencesInput(s.value));
        return answered({ result: s.reply(), toast: saved("account.notifications.toast.savedTitle", "account.notifications.toast.savedDescription") });
      }
      case "start-phone": {
        const s = parse(startPhoneSchema);
        if (s.status !== "success") return invalid();
        const started = await startPhoneVerification(context, actor, s.value);
        return answered({
          result: s.reply({ resetForm: true }),
          toast: saved("account.notifications.toast.codeSentTitle", "account.notifications.toast.codeSentDescription", { phone: number(started.phone) }),
        });
      }
      case "confirm-code": {
        const s = parse(confirmPhoneCodeSchema);
        if (s.status !== "success") return invalid();
        await confirmPhoneCode(context, actor, s.value);
        return answered({
          result: s.reply({ resetForm: true }),
          toast: saved("account.notifications.toast.verifiedTitle", "account.notifications.toast.verifiedDescription"),
        });
      }
      case "stop-whatsapp": {
        await withdrawWhatsAppConsent(context, actor);
        return answered({ toast: saved("account.notifications.toast.stoppedTitle", "account.notifications.toast.stoppedDescription") });
      }
      default:
        return answered({ toast: failed(t("account.notifications.toast.unknownAction")) }, { status: 400 });
    }
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("account.notifications.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountNotifications({ loaderData }: Route.ComponentProps) {
  return <NotificationPreferences view={loaderData.view} timeZones={loaderData.timeZones} firmTimeZone={loaderData.firmTimeZone} />;
}
