import { createBrowserRouter, Navigate } from "react-router";
import { LoginPage } from "../features/auth/components/LoginPage";
import { ClientPortalPage } from "../features/client-portal/components/ClientPortalPage";
import { EvaluatorSpacePage } from "../features/evaluator-space/components/EvaluatorSpacePage";
import { AlertLandingPage } from "../features/home/components/AlertLandingPage";
import { HomeRedirect, RequireProfile, StaffRouteGuard, UnknownRoute } from "./guards";
import { AppLayout } from "./layout/AppLayout";
import { PortalLayout } from "./layout/PortalLayout";
import { NotFoundPage } from "./pages/NotFoundPage";
import { SettingsPage } from "./pages/SettingsPage";

export const router = createBrowserRouter([
  { path: "/", element: <HomeRedirect /> },
  { path: "/login", element: <LoginPage /> },
  {
    path: "/app",
    element: <StaffRouteGuard />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/app/alert" replace /> },
          { path: "alert", element: <AlertLandingPage /> },
          { path: "setting", element: <Navigate to="/app/setting/general" replace /> },
          { path: "setting/:activeTab", element: <SettingsPage /> },
          { path: "*", element: <NotFoundPage home="/app/alert" /> },
        ],
      },
    ],
  },
  {
    element: <PortalLayout />,
    children: [
      {
        path: "/my-ingeris/donnees-certification",
        element: (
          <RequireProfile profile="MYQUALIANOR">
            <ClientPortalPage />
          </RequireProfile>
        ),
      },
      {
        path: "/espace-evaluateur/:auditorId",
        element: (
          <RequireProfile profile="AUDITEUR">
            <EvaluatorSpacePage />
          </RequireProfile>
        ),
      },
    ],
  },
  { path: "*", element: <UnknownRoute /> },
]);
