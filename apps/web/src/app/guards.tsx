import { canOpenAppRoute, isAppRoute, isStaffProfile, landingPathFor, type ProfileType } from "@certidesk/shared";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PublicPage } from "../components/page-footer/PageFooter";
import { CHOOSE_PASSWORD_PATH, loginPathFor } from "../lib/login-redirect";
import { useSession } from "../lib/session-context";
import { AccessDeniedPage } from "./pages/AccessDeniedPage";
import { NotFoundPage } from "./pages/NotFoundPage";

/** Signed-in users only; the others go to /login. */
export function RequireSession({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  if (user.mustChangePassword) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  return children ?? <Outlet />;
}

/** The staff back-office (/app/…): staff profiles only; the others never see its frame. */
export function StaffRouteGuard({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  if (user.mustChangePassword) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  if (!isStaffProfile(user.profileType))
    return (
      <PublicPage>
        <AccessDeniedPage home={landingPathFor(user) ?? "/login"} />
      </PublicPage>
    );
  return children ?? <Outlet />;
}

/**
 * Each /app/ route by the spec's table, inside the app's frame: a path the table does not know is
 * "Page introuvable", a known one the profile may not open is "Accès refusé".
 */
export function AppRouteGuard({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const { pathname } = location;
  const path = pathname.replace(/^\/app\/?/, "");
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  const home = landingPathFor(user) ?? "/login";
  if (path === "") return children ?? <Outlet />;
  if (!isAppRoute(path)) return <NotFoundPage home={home} />;
  if (!canOpenAppRoute(path, user.permissions)) return <AccessDeniedPage home={home} />;
  return children ?? <Outlet />;
}

export function RequireProfile({ profile, children }: { profile: ProfileType; children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  if (user.mustChangePassword) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  if (user.profileType !== profile) return <AccessDeniedPage home={landingPathFor(user) ?? "/login"} />;
  return children ?? <Outlet />;
}

/** "/" leads to the user's landing page, or to /login. */
export function HomeRedirect() {
  const { user } = useSession();
  const destination = user?.mustChangePassword ? CHOOSE_PASSWORD_PATH : user ? landingPathFor(user) : null;
  return <Navigate to={destination ?? "/login"} replace />;
}

/** Anything outside the known areas. */
export function UnknownRoute() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  // Outside the app's layouts: the page frame gives it its main region and the footer.
  return (
    <PublicPage>
      <NotFoundPage home={landingPathFor(user) ?? "/login"} />
    </PublicPage>
  );
}
