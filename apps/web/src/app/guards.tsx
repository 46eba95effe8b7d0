import { canOpenAppRoute, isStaffProfile, landingPathFor, type ProfileType } from "@certidesk/shared";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { loginPathFor } from "../lib/login-redirect";
import { useSession } from "../lib/session-context";
import { AccessDeniedPage } from "./pages/AccessDeniedPage";

/** Signed-in users only; the others go to /login. */
export function RequireSession({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  return children ?? <Outlet />;
}

/** The staff back-office (/app/…): staff profiles, and each route by the spec's table. */
export function StaffRouteGuard({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const { pathname } = location;
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  const home = landingPathFor(user) ?? "/login";
  if (!isStaffProfile(user.profileType)) return <AccessDeniedPage home={home} />;
  if (!canOpenAppRoute(pathname.replace(/^\/app\//, ""), user.permissions)) return <AccessDeniedPage home={home} />;
  return children ?? <Outlet />;
}

export function RequireProfile({ profile, children }: { profile: ProfileType; children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  if (user.profileType !== profile) return <AccessDeniedPage home={landingPathFor(user) ?? "/login"} />;
  return children ?? <Outlet />;
}

/** "/" leads to the user's landing page, or to /login. */
export function HomeRedirect() {
  const { user } = useSession();
  const destination = user ? landingPathFor(user) : null;
  return <Navigate to={destination ?? "/login"} replace />;
}

/** Anything outside the known areas. */
export function UnknownRoute() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  return <AccessDeniedPage home={landingPathFor(user) ?? "/login"} />;
}
