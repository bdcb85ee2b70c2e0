import { useEffect, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { BookingProvider } from "./components/booking/booking-provider";
import { CrashScreen } from "./components/site/crash-screen";
import { FirmFactsLine } from "./components/site/firm-facts";
import { InstallBanner } from "./components/site/install-banner";
import { NotFoundPage } from "./components/site/not-found-page";
import { SiteFooter } from "./components/site/site-footer";
import { SiteHeader } from "./components/site/site-header";
import { useServiceWorker } from "./components/site/use-service-worker";
import { showFlashToast, Toaster } from "./components/ui/toaster";
import { brand } from "./domain/brand";
import { localeFromMatches, pageMeta } from "./domain/seo";
import { I18nContext, type I18nHandle, i18nFor, pageCatalogues, translator, useLocale } from "./i18n/i18n";
import { directionOf } from "./i18n/locales";
import { PageMessages } from "./i18n/page-catalogues";
import type { FlashToast } from "./domain/toast";
import { HYDRATED_HOOK, RELEASE_SCRIPTS } from "./held-scripts";
import { preloadBrandFaces } from "./components/site/brand-faces";
import { useNonce } from "./nonce";
import { readToast } from "./server/http/toast-cookie.server";
import { settle } from "./server/http/answer.server";
import { actorOf } from "./server/security/session.server";
import { isStepUpFresh } from "./domain/step-up";
import { unreadNotificationCount } from "./server/services/notifications.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const flash = await readToast(request, context);
  const viewer = await context.viewer();
  // The header bell's first count (issue 39): one count on the unread index; a failure shows none.
  const unread = viewer ? (await settle(context, "the unread notifications", () => unreadNotificationCount(context, actorOf(viewer)), 0)).value : 0;
  for (const cookie of context.sessionCookies.getSetCookie()) flash.headers.append("Set-Cookie", cookie);
  return data(
    {
      viewer: viewer && {
        name: viewer.name,
        email: viewer.email,
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        isAdmin: viewer.isAdmin,
        isAdviser: viewer.adviserId !== null,
        unreadNotifications: unread,
        /**
         * Staff only (decision 058): whether this session proved a second factor in the last
         * five minutes, so guarded forms leave out their code field. Revalidated after every
         * write, like the rest of this data; the services check again whatever the page shows.
         */
        stepUpFresh: isStepUpFresh(viewer.secondFactorAt, new Date()),
      },
      toast: flash.toast,
      /** The page's language (its path's prefix), for `meta` functions, which cannot read the router. */
      locale: context.locale,
      /** SITE_URL, from which every page's meta builds its absolute URLs (app/domain/seo.ts). */
      siteUrl: context.config.siteUrl,
      /** The firm's legal facts (FIRM_*, decision 038) for the footer and the legal pages. */
      firm: context.config.firm,
      /** The footer's line of them, rendered here: it needs no script in the browser. */
      firmLine: renderToStaticMarkup(
        <FirmFactsLine firm={context.config.firm} t={translator(context.locale)} />,
      ),
    },
    { headers: flash.headers },
  );
}

/** Shows a toast handed over from the server (after a redirect) exactly once. */
function useFlashToast(flash: FlashToast | null | undefined) {
  useEffect(() => {
    if (flash) showFlashToast(flash);
  }, [flash]);
}

export const links: Route.LinksFunction = () => [
  // With a precedence, React hoists the stylesheet to the top of the head, ahead of the
  // script preloads: on a slow phone link it is then fetched first instead of queueing
  // behind the JavaScript for one of the browser's six connections.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png", sizes: "180x180" },
];

/** Tells the inline script that held the page's scripts that the page has hydrated (it replays a tap that came too early). */
function useHydratedSignal() {
  useEffect(() => {
    (window as unknown as Record<string, (() => void) | undefined>)[HYDRATED_HOOK]?.();
  }, []);
}

const BELL_WORDS = { handle: { catalogues: ["notifications"] } satisfies I18nHandle };

export function Layout({ children }: { children: ReactNode }) {
  useHydratedSignal();
  const nonce = useNonce();
  const locale = useLocale();
  preloadBrandFaces(locale);
  // A signed-in page carries the header bell's words (issue 39).
  const signedIn = Boolean(useRouteLoaderData<typeof loader>("root")?.viewer);
  const catalogues = pageCatalogues([...useMatches(), ...(signedIn ? [BELL_WORDS] : [])]);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c2a4a" />
        <Meta />
        {/* No nonce on links and styles: style-src allows them without one, and the
            browser hides nonce values, which would make hydration mismatch. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-screen flex-col">
        <I18nContext value={i18nFor(locale)}>
          {children}
          <Toaster />
        </I18nContext>
        <ScrollRestoration nonce={nonce} />
        <PageMessages locale={locale} names={catalogues.names} dates={catalogues.dates} />
        <Scripts nonce={nonce} />
        {/* Gives back the scripts the server held until the page has painted (decision 022). */}
        {/* The browser never runs it again, so its text stays out of the browser's bundle. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RELEASE_SCRIPTS : "" }} />
      </body>
    </html>
  );
}

/**
 * Only used when the root's ErrorBoundary shows (a loader's 404, or the crash screen) or
 * a route has no meta of its own: every page builds its own with `routeMeta`
 * (app/domain/seo.ts). None of these should be indexed.
 */
export function meta({ error, matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale);
  const title = !error
    ? brand.name
    : isRouteErrorResponse(error) && error.status === 404
      ? t("meta.notFoundTitle", { brand: brand.name })
      : t("meta.errorTitle", { brand: brand.name });
  return pageMeta("", { title, description: t("brand.tagline"), noindex: true }, locale);
}

/** The admin workspace (issue 34) has a frame of its own: no marketing header, footer or install banner around it. */
/** The admins' and advisers' workspaces (issue 37) have a frame of their own instead of the site's. */
const isAdminPath = (pathname: string) => ["/admin", "/adviser"].some((home) => pathname === home || pathname.startsWith(`${home}/`));

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.toast);
  useServiceWorker();
  if (isAdminPath(useLocation().pathname)) return <Outlet />;
  return (
    <BookingProvider>
      <SiteHeader viewer={loaderData.viewer} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <InstallBanner />
    </BookingProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <SiteHeader viewer={rootData?.viewer ?? null} />
        <main id="main" className="flex-1">
          <NotFoundPage />
        </main>
        <SiteFooter />
      </>
    );
  }
  return <CrashScreen />;
}
