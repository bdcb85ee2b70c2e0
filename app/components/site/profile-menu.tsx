import { CalendarClock, LayoutDashboard, LogOut, ShieldCheck, UserCog } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar, AvatarFallback, initials } from "~/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { useT } from "~/i18n/i18n";
import type { HeaderViewer } from "./account-menu";

/** A signed-in visitor's menu: Dashboard, Admin Panel (admins only), the adviser's workspace (advisers only) and Sign Out. */
export default function ProfileMenu({ viewer }: { viewer: HeaderViewer }) {
  const t = useT();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        aria-label={t("profileMenu.open")}
      >
        <Avatar>
          <AvatarFallback>{initials(viewer.firstName, viewer.lastName, viewer.email)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-normal">
          <p className="font-medium">{viewer.name}</p>
          <p className="text-xs text-muted-foreground">{viewer.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" /> {t("profileMenu.dashboard")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserCog aria-hidden="true" /> {t("profileMenu.account")}
          </Link>
        </DropdownMenuItem>
        {viewer.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" /> {t("profileMenu.admin")}
            </Link>
          </DropdownMenuItem>
        )}
        {viewer.isAdviser && (
          <DropdownMenuItem asChild>
            <Link to="/adviser">
              <CalendarClock aria-hidden="true" /> {t("profileMenu.adviser")}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <Form method="post" action="/auth/sign-out">
          <input type="hidden" name="redirectTo" value="/" />
          <DropdownMenuItem asChild>
            <button type="submit" className="w-full">
              <LogOut aria-hidden="true" /> {t("profileMenu.signOut")}
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
