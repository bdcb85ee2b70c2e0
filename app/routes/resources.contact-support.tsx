import { Clock, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { ResourceCard } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { brand, phoneLink, whatsappLink } from "~/domain/brand";
import { REPLY_WITHIN_HOURS } from "~/domain/constants";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { officeList } from "~/i18n/brand-names";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/resources.contact-support";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["resources"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function loader() {
  return null;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("resources.support.metaTitle", { brand: brand.name }),
    description: t("resources.support.metaDescription", { brand: brand.name, hours: REPLY_WITHIN_HOURS }),
    path: "/resources/contact-support",
  });
}

const HELP_WITH = [
  "resources.support.help.signIn",
  "resources.support.help.bookings",
  "resources.support.help.profile",
  "resources.support.help.documents",
  "resources.support.help.data",
] as const satisfies readonly MessageKey[];

const INCLUDE = [
  "resources.support.details.email",
  "resources.support.details.booking",
  "resources.support.details.description",
] as const satisfies readonly MessageKey[];

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function ContactSupport() {
  const t = useT();
  const telHref = phoneLink();
  return (
    <StaticPage
      eyebrow={t("resources.eyebrow")}
      title={t("resources.support.title")}
      lead={t("resources.support.lead", { brand: brand.name })}
    >
      <StaticSection title={t("resources.support.reach.title")}>
        <p>{t("resources.support.reach.p1", { offices: officeList(t) })}</p>
        <ul className="grid gap-6 md:grid-cols-3">
          <ResourceCard
            icon={MessageCircle}
            title={t("resources.support.chat.title")}
            footer={
              <Button asChild className="w-full">
                <a href={whatsappLink()} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" /> {t("resources.support.chat.button")}
                </a>
              </Button>
            }
          >
            {t("resources.support.chat.text")}
          </ResourceCard>
          <ResourceCard
            icon={Phone}
            title={t("resources.support.call.title")}
            footer={
              <a href={telHref} dir="ltr" className={`${linkClass} text-base`}>
                {brand.phone}
              </a>
            }
          >
            {t("resources.support.call.text")}
          </ResourceCard>
          <ResourceCard
            icon={Mail}
            title={t("resources.support.email.title")}
            footer={
              <a href={`mailto:${brand.supportEmail}`} className={`${linkClass} break-all`}>
                {brand.supportEmail}
              </a>
            }
          >
            {t("resources.support.email.text", { hours: REPLY_WITHIN_HOURS })}
          </ResourceCard>
        </ul>
      </StaticSection>

      <StaticSection title={t("resources.support.hours.title")}>
        <p className="flex items-center gap-2 text-lg font-semibold text-primary">
          <Clock className="size-5 text-accent" aria-hidden="true" /> {t("resources.support.hours.value")}
        </p>
        <p>{t("resources.support.hours.p1", { hours: REPLY_WITHIN_HOURS })}</p>
      </StaticSection>

      <StaticSection title={t("resources.support.help.title")}>
        <ul className="list-disc space-y-2 ps-6">
          {HELP_WITH.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>
          <RichText
            message={t("resources.support.help.p1", standIns("link"))}
            elements={{
              link: (
                <Link to="/#contact" className={linkClass}>
                  {t("resources.support.help.bookLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("resources.support.details.title")}>
        <p>{t("resources.support.details.p1")}</p>
        <ol className="list-decimal space-y-2 ps-6">
          {INCLUDE.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <p>{t("resources.support.details.p2")}</p>
      </StaticSection>

      <StaticSection title={t("resources.support.complaints.title")}>
        <p>
          <RichText
            message={t("resources.support.complaints.p1", { ...standIns("email", "link"), hours: REPLY_WITHIN_HOURS })}
            elements={{
              email: (
                <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
                  {brand.supportEmail}
                </a>
              ),
              link: (
                <Link to="/legal/terms-of-service" className={linkClass}>
                  {t("resources.support.complaints.termsLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
    </StaticPage>
  );
}
