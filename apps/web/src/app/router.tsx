import { createBrowserRouter, Navigate } from "react-router";
import { AppRouteGuard, HomeRedirect, RequireProfile, StaffRouteGuard, UnknownRoute } from "./guards";
import { lazyPage } from "./lazy-page";
import { NotFoundPage } from "./pages/NotFoundPage";

// Every screen (and the layouts) is loaded lazily, in its own chunk: declare a new route with
//   { path: "facture/:id", lazy: lazyPage(() => import(<the page's module>), "<Page>") }
// never with a static import (it would land in the entry that /login downloads).
export const router = createBrowserRouter([
  { path: "/", element: <HomeRedirect /> },
  { path: "/login", lazy: lazyPage(() => import("../features/auth/components/LoginPage"), "LoginPage") },
  {
    path: "/mot-de-passe-oublie",
    lazy: lazyPage(() => import("../features/auth/components/ForgotPasswordPage"), "ForgotPasswordPage"),
  },
  // Signed in with a provisional password (given by an administrator): choose one's own first.
  {
    path: "/choisir-mot-de-passe",
    lazy: lazyPage(() => import("../features/auth/components/ChoosePasswordPage"), "ChoosePasswordPage"),
  },
  {
    path: "/reinitialiser-mot-de-passe",
    lazy: lazyPage(() => import("../features/auth/components/ResetPasswordPage"), "ResetPasswordPage"),
  },
  // The client's satisfaction questionnaire, from the signed link of its mail: no account needed.
  {
    path: "/satisfaction",
    lazy: lazyPage(() => import("../features/expenses/components/SatisfactionPage"), "SatisfactionPage"),
  },
  // The accessibility statement (RGAA), linked from every page's footer: no account needed.
  {
    path: "/accessibilite",
    lazy: lazyPage(
      () => import("../features/accessibility/components/AccessibilityStatementPage"),
      "AccessibilityStatementPage",
    ),
  },
  // The answer to a mission order from the signed link of its mail: no account needed.
  {
    path: "/ordre-de-mission",
    lazy: lazyPage(() => import("../features/auditors/components/OrderAnswerPage"), "OrderAnswerPage"),
  },
  {
    path: "/app",
    element: <StaffRouteGuard />,
    children: [
      {
        lazy: lazyPage(() => import("./layout/AppLayout"), "AppLayout"),
        children: [
          {
            element: <AppRouteGuard />,
            children: [
              { index: true, element: <Navigate to="/app/alert" replace /> },
              {
                path: "alert",
                lazy: lazyPage(() => import("../features/alerts/components/AlertLandingPage"), "AlertLandingPage"),
              },
              {
                path: "biblio",
                lazy: lazyPage(() => import("../features/documents/components/LibraryPage"), "LibraryPage"),
              },
              { path: "mail", lazy: lazyPage(() => import("../features/mail/components/MailPage"), "MailPage") },
              { path: "wall", lazy: lazyPage(() => import("../features/wall/components/WallPage"), "WallPage") },
              {
                path: "prospect",
                lazy: lazyPage(() => import("../features/prospects/components/ProspectListPage"), "ProspectListPage"),
              },
              {
                path: "timeline-prospect/:requestClientId",
                lazy: lazyPage(
                  () => import("../features/prospects/components/ProspectTimelinePage"),
                  "ProspectTimelinePage",
                ),
              },
              {
                path: "client",
                lazy: lazyPage(() => import("../features/clients/components/ClientListPage"), "ClientListPage"),
              },
              {
                path: "timeline-client/:clientId",
                lazy: lazyPage(() => import("../features/clients/components/ClientTimelinePage"), "ClientTimelinePage"),
              },
              {
                path: "contract-client/:clientId",
                lazy: lazyPage(
                  () => import("../features/contracts/components/ContractClientPage"),
                  "ContractClientPage",
                ),
              },
              {
                path: "contract/:id",
                lazy: lazyPage(() => import("./contract-billing"), "ContractPageWithBilling"),
              },
              {
                path: "mission",
                lazy: lazyPage(() => import("../features/missions/components/MissionListPage"), "MissionListPage"),
              },
              {
                path: "mission/:clientId/:missionId",
                lazy: lazyPage(() => import("./mission-tabs"), "MissionPageWithTabs"),
              },
              {
                path: "evaluateur",
                lazy: lazyPage(() => import("../features/auditors/components/AuditorListPage"), "AuditorListPage"),
              },
              {
                path: "evaluateur/:id",
                lazy: lazyPage(() => import("./auditor-file-page"), "AuditorFileWithQuality"),
              },
              {
                path: "facture",
                lazy: lazyPage(() => import("../features/invoices/components/InvoiceListPage"), "InvoiceListPage"),
              },
              {
                path: "facture/rapprochement",
                lazy: lazyPage(
                  () => import("../features/accounting/components/BankReconciliationPage"),
                  "BankReconciliationPage",
                ),
              },
              {
                path: "facture/:id",
                lazy: lazyPage(() => import("../features/invoices/components/InvoicePage"), "InvoicePage"),
              },
              {
                path: "frais",
                lazy: lazyPage(
                  () => import("../features/expenses/components/AuditorPaymentsPage"),
                  "AuditorPaymentsPage",
                ),
              },
              {
                path: "statistiques",
                lazy: lazyPage(() => import("../features/statistics/components/StatisticsPage"), "StatisticsPage"),
              },
              {
                path: "gestionnaire",
                lazy: lazyPage(
                  () => import("../features/gestionnaires/components/GestionnaireListPage"),
                  "GestionnaireListPage",
                ),
              },
              {
                path: "gestionnaire/:id",
                lazy: lazyPage(
                  () => import("../features/gestionnaires/components/GestionnaireDetailPage"),
                  "GestionnaireDetailPage",
                ),
              },
              {
                path: "nouveau",
                lazy: lazyPage(() => import("../features/clients/components/NewClientPage"), "NewClientPage"),
              },
              {
                path: "entite-juridique",
                lazy: lazyPage(() => import("../features/clients/components/LegalEntityPage"), "LegalEntityPage"),
              },
              { path: "setting", element: <Navigate to="/app/setting/general" replace /> },
              { path: "setting/:activeTab", lazy: lazyPage(() => import("./pages/SettingsPage"), "SettingsPage") },
              { path: "*", element: <NotFoundPage home="/app/alert" /> },
            ],
          },
        ],
      },
    ],
  },
  {
    lazy: lazyPage(() => import("./layout/PortalLayout"), "PortalLayout"),
    children: [
      {
        path: "/my-ingeris/donnees-certification",
        element: <RequireProfile profile="MYQUALIANOR" />,
        children: [
          {
            index: true,
            lazy: lazyPage(() => import("../features/client-portal/components/ClientPortalPage"), "ClientPortalPage"),
          },
        ],
      },
      {
        path: "/espace-evaluateur/:auditorId",
        element: <RequireProfile profile="AUDITEUR" />,
        children: [
          {
            index: true,
            lazy: lazyPage(() => import("./evaluator-space-page"), "EvaluatorSpaceWithExpenses"),
          },
        ],
      },
    ],
  },
  { path: "*", element: <UnknownRoute /> },
]);
