import { createBrowserRouter, Navigate } from "react-router";
import { AuditorFilePage } from "../features/auditors/components/AuditorFilePage";
import { AuditorListPage } from "../features/auditors/components/AuditorListPage";
import { EvaluatorSpacePage } from "../features/auditors/components/EvaluatorSpacePage";
import { OrderAnswerPage } from "../features/auditors/components/OrderAnswerPage";
import { ForgotPasswordPage } from "../features/auth/components/ForgotPasswordPage";
import { LoginPage } from "../features/auth/components/LoginPage";
import { ResetPasswordPage } from "../features/auth/components/ResetPasswordPage";
import { ClientPortalPage } from "../features/client-portal/components/ClientPortalPage";
import { ClientListPage } from "../features/clients/components/ClientListPage";
import { ClientTimelinePage } from "../features/clients/components/ClientTimelinePage";
import { LegalEntityPage } from "../features/clients/components/LegalEntityPage";
import { NewClientPage } from "../features/clients/components/NewClientPage";
import { ContractClientPage } from "../features/contracts/components/ContractClientPage";
import { ContractPage } from "../features/contracts/components/ContractPage";
import { LibraryPage } from "../features/documents/components/LibraryPage";
import { GestionnaireDetailPage } from "../features/gestionnaires/components/GestionnaireDetailPage";
import { GestionnaireListPage } from "../features/gestionnaires/components/GestionnaireListPage";
import { AlertLandingPage } from "../features/home/components/AlertLandingPage";
import { MailPage } from "../features/mail/components/MailPage";
import { MissionListPage } from "../features/missions/components/MissionListPage";
import { MissionPage } from "../features/missions/components/MissionPage";
import { ProspectListPage } from "../features/prospects/components/ProspectListPage";
import { ProspectTimelinePage } from "../features/prospects/components/ProspectTimelinePage";
import { AppRouteGuard, HomeRedirect, RequireProfile, StaffRouteGuard, UnknownRoute } from "./guards";
import { AppLayout } from "./layout/AppLayout";
import { PortalLayout } from "./layout/PortalLayout";
import { NotFoundPage } from "./pages/NotFoundPage";
import { SettingsPage } from "./pages/SettingsPage";

export const router = createBrowserRouter([
  { path: "/", element: <HomeRedirect /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/mot-de-passe-oublie", element: <ForgotPasswordPage /> },
  { path: "/reinitialiser-mot-de-passe", element: <ResetPasswordPage /> },
  // The answer to a mission order from the signed link of its mail: no account needed.
  { path: "/ordre-de-mission", element: <OrderAnswerPage /> },
  {
    path: "/app",
    element: <StaffRouteGuard />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            element: <AppRouteGuard />,
            children: [
              { index: true, element: <Navigate to="/app/alert" replace /> },
              { path: "alert", element: <AlertLandingPage /> },
              { path: "biblio", element: <LibraryPage /> },
              { path: "mail", element: <MailPage /> },
              { path: "prospect", element: <ProspectListPage /> },
              { path: "timeline-prospect/:requestClientId", element: <ProspectTimelinePage /> },
              { path: "client", element: <ClientListPage /> },
              { path: "timeline-client/:clientId", element: <ClientTimelinePage /> },
              { path: "contract-client/:clientId", element: <ContractClientPage /> },
              { path: "contract/:id", element: <ContractPage /> },
              { path: "mission", element: <MissionListPage /> },
              { path: "mission/:clientId/:missionId", element: <MissionPage /> },
              { path: "evaluateur", element: <AuditorListPage /> },
              { path: "evaluateur/:id", element: <AuditorFilePage /> },
              { path: "gestionnaire", element: <GestionnaireListPage /> },
              { path: "gestionnaire/:id", element: <GestionnaireDetailPage /> },
              { path: "nouveau", element: <NewClientPage /> },
              { path: "entite-juridique", element: <LegalEntityPage /> },
              { path: "setting", element: <Navigate to="/app/setting/general" replace /> },
              { path: "setting/:activeTab", element: <SettingsPage /> },
              { path: "*", element: <NotFoundPage home="/app/alert" /> },
            ],
          },
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
