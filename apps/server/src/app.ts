import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { AppInstance } from "./app-instance.js";
import type { AppConfig } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";
import { createBackgroundWork } from "./lib/background.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { partyOptions } from "./lib/party-options.js";
import { createPeriodicJob } from "./lib/periodic-job.js";
import { createStorage, type FileStorage } from "./lib/storage/index.js";
import { MULTIPART_LIMITS } from "./lib/upload.js";
import { accessibilityRoutes, createAccessibilityService } from "./modules/accessibility/index.js";
import { accountingRoutes, createAccountingService } from "./modules/accounting/index.js";
import { createAlertActionsService } from "./modules/alerts/alert-actions.service.js";
import { alertDigestRoutes } from "./modules/alerts/alert-digest.routes.js";
import { createAlertDigestService } from "./modules/alerts/alert-digest.service.js";
import { alertSatisfactionRoutes } from "./modules/alerts/alert-satisfaction.routes.js";
import { createAlertSettingsService } from "./modules/alerts/alert-settings.service.js";
import { alertsRoutes } from "./modules/alerts/alerts.routes.js";
import { createAlertsReader } from "./modules/alerts/alerts.service.js";
import { auditRoutes } from "./modules/audit/audit.routes.js";
import { auditorFileRoutes } from "./modules/auditors/auditor-file.routes.js";
import { createAuditorFileService } from "./modules/auditors/auditor-file.service.js";
import { auditorSettingsRoutes } from "./modules/auditors/auditor-settings.routes.js";
import { auditorsRoutes } from "./modules/auditors/auditors.routes.js";
import { createAuditorsService } from "./modules/auditors/auditors.service.js";
import { createFareClassesService } from "./modules/auditors/fare-classes.service.js";
import { createImpartialityService } from "./modules/auditors/impartiality.service.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { createAuthService } from "./modules/auth/auth.service.js";
import { createLoginThrottle, type LoginThrottleOptions } from "./modules/auth/login-throttle.js";
import { createPasswordResetService } from "./modules/auth/password-reset.service.js";
import { AUTH_CHANGES_CHANNEL } from "./modules/auth/session-cache.js";
import { createSessionStore } from "./modules/auth/session-store.js";
import { backupsRoutes, createBackupSchedule, createBackupsService } from "./modules/backups/index.js";
import { bankReconciliationRoutes, createBankReconciliationService } from "./modules/bank-reconciliation/index.js";
import { clientsRoutes } from "./modules/clients/clients.routes.js";
import { createClientsService } from "./modules/clients/clients.service.js";
import { partiesRoutes } from "./modules/clients/parties.routes.js";
import { createPartiesService } from "./modules/clients/parties.service.js";
import { configurationRoutes } from "./modules/configuration/configuration.routes.js";
import { createConfigurationService } from "./modules/configuration/configuration.service.js";
import { contractClientRoutes, contractsRoutes } from "./modules/contracts/contracts.routes.js";
import { createContractsService } from "./modules/contracts/contracts.service.js";
import { cancelOpenContracts } from "./modules/contracts/index.js";
import { createDocumentCategoriesService } from "./modules/documents/document-categories.service.js";
import { createDocumentLinks } from "./modules/documents/document-links.js";
import { documentsRoutes } from "./modules/documents/documents.routes.js";
import { createDocumentsService } from "./modules/documents/documents.service.js";
import { createAuditorPaymentsService } from "./modules/expenses/auditor-payments.js";
import { expensesRoutes } from "./modules/expenses/expenses.routes.js";
import { createExpensesService } from "./modules/expenses/expenses.service.js";
import { createQualityService } from "./modules/expenses/quality.service.js";
import { createSatisfactionLinks } from "./modules/expenses/satisfaction-links.js";
import { createStatementService } from "./modules/expenses/statement.js";
import { statementRoutes } from "./modules/expenses/statement.routes.js";
import { gestionnairesRoutes } from "./modules/gestionnaires/gestionnaires.routes.js";
import { createGestionnairesService } from "./modules/gestionnaires/gestionnaires.service.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { homeRoutes } from "./modules/home/home.routes.js";
import { createHomeService } from "./modules/home/home.service.js";
import { markInvoiceSent } from "./modules/invoices/index.js";
import { createInvoiceBulk } from "./modules/invoices/invoice-bulk.js";
import { invoiceBulkRoutes } from "./modules/invoices/invoice-bulk.routes.js";
import { invoicesRoutes } from "./modules/invoices/invoices.routes.js";
import { createInvoicesService } from "./modules/invoices/invoices.service.js";
import { mailRoutes } from "./modules/mail/mail.routes.js";
import { createMailService, enqueueMail } from "./modules/mail/mail.service.js";
import { createMailGroupsService } from "./modules/mail/mail-groups.service.js";
import { createMailTemplatesService } from "./modules/mail/mail-templates.service.js";
import { createMailWorker } from "./modules/mail/mail-worker.js";
import { createCalendarFeed } from "./modules/missions/calendar-feed.js";
import { createMissionDeadlinesService, createReminderJob } from "./modules/missions/mission-deadlines.service.js";
import { createMissionFollow } from "./modules/missions/mission-follow.js";
import { createMissionHistoryService, missionHistoryRoutes } from "./modules/missions/mission-history.js";
import { createMissionLinks } from "./modules/missions/mission-links.js";
import { createMissionOrdersService } from "./modules/missions/mission-orders.service.js";
import { missionPlanningRoutes } from "./modules/missions/mission-planning.routes.js";
import { createMissionPlanningService } from "./modules/missions/mission-planning.service.js";
import { missionPortalRoutes } from "./modules/missions/mission-portal.routes.js";
import { createMissionPortalService } from "./modules/missions/mission-portal.service.js";
import { missionPreparationRoutes } from "./modules/missions/mission-preparation.routes.js";
import { createMissionPreparationService } from "./modules/missions/mission-preparation.service.js";
import { createMissionProposalsService } from "./modules/missions/mission-proposals.service.js";
import { createMissionReportsService } from "./modules/missions/mission-reports.service.js";
import { missionStepsRoutes } from "./modules/missions/mission-steps.routes.js";
import { missionsRoutes } from "./modules/missions/missions.routes.js";
import { createMissionsService } from "./modules/missions/missions.service.js";
import { createNonConformitiesService } from "./modules/missions/non-conformities.service.js";
import { numberingRoutes } from "./modules/numbering/numbering.routes.js";
import { createNumberingService } from "./modules/numbering/numbering.service.js";
import { profilesRoutes } from "./modules/profiles/profiles.routes.js";
import { createProfilesService } from "./modules/profiles/profiles.service.js";
import { prospectsRoutes } from "./modules/prospects/prospects.routes.js";
import { createProspectsService } from "./modules/prospects/prospects.service.js";
import { recevabilityRoutes } from "./modules/prospects/recevability.routes.js";
import { createRecevabilityService } from "./modules/prospects/recevability.service.js";
import { refuseOpenQuotes } from "./modules/quotes/index.js";
import { quotesRoutes } from "./modules/quotes/quotes.routes.js";
import { createQuotesService } from "./modules/quotes/quotes.service.js";
import { savedViewsRoutes } from "./modules/saved-views/saved-views.routes.js";
import { createSavedViewsService } from "./modules/saved-views/saved-views.service.js";
import { searchRoutes } from "./modules/search/search.routes.js";
import { createSearchService } from "./modules/search/search.service.js";
import { statisticsRoutes } from "./modules/statistics/statistics.routes.js";
import { createStatisticsService } from "./modules/statistics/statistics.service.js";
import { timelineRoutes } from "./modules/timeline/timeline.routes.js";
import { createTimelineService } from "./modules/timeline/timeline.service.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { createUsersService } from "./modules/users/users.service.js";
import { wallRoutes } from "./modules/wall/wall.routes.js";
import { createWallService } from "./modules/wall/wall.service.js";
import { registerAuth } from "./plugins/auth.js";
import { clientErrorHandler, handleError, registerErrorHandler } from "./plugins/error-handler.js";
import "./plugins/fastify-types.js";
import { loadOrCreateSecret } from "./lib/secret-file.js";
import { registerTextCompression } from "./plugins/compress-text.js";
import { registerHandlersInFlight } from "./plugins/handlers-in-flight.js";
import { registerIdempotency } from "./plugins/idempotency.js";
import { registerInputGuard } from "./plugins/input-guard.js";
import { registerJsonText } from "./plugins/json-text.js";
import { registerPermissions } from "./plugins/permissions.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { serveWebApp } from "./plugins/web-app.js";

export interface AppDeps {
  config: AppConfig;
  handle: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
  throttle?: LoginThrottleOptions;
  storage?: FileStorage;
  /** Business dates and timestamps; tests pass a fixed clock. */
  clock?: Clock;
}

/** Builds the whole application (used by main.ts and by the tests). */
export async function buildApp({
  config,
  handle,
  logger,
  throttle,
  storage = createStorage(config),
  clock = systemClock,
}: AppDeps) {
  const app = Fastify({
    logger: logger ?? false,
    bodyLimit: 1024 * 1024,
    // A hop count: trust that many proxies in front (the n-th address from the right is the client's).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // The framework's own refusals (malformed URL, over-long parameter) and the HTTP parser's (headers
    // too large) answer in the API's shape too.
    frameworkErrors: handleError,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON (and multipart for uploads): a text/plain body is refused with 415, not parsed.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, {
    // HSTS only makes sense behind https; on a plain http address it would only confuse.
    hsts: config.secureCookies ? undefined : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in style tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Text answers (the web app's scripts, JSON lists) are compressed; images and PDFs are left alone.
  // Brotli at quality 1, not the plugin's 4: a page of 50 clients (55 kB of JSON) takes 0.7 ms instead of
  // 2.5 ms of CPU for 13 kB instead of 12 kB (docs/performance.md); with a 128 kB window, not brotli's 4 MB,
  // whose preparation cost more than the compression of a page. The built web app is compressed once,
  // at the highest quality, by the build (scripts/build.mjs) and served as is. Answers given as text (JSON
  // above all) are compressed before the plugin sees them, in one call (plugins/compress-text.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 17 } },
    zlibOptions: { level: 1 },
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: { info: { title: "Certidesk API", version: "0.1.0", description: "API du back-office Certidesk" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  registerErrorHandler(app);
  registerHandlersInFlight(app);
  registerJsonText(app, { verify: config.verifyJsonText });
  registerInputGuard(app);
  const { db } = handle;
  const sessions = createSessionStore({ db, ttlMs: config.sessionTtlMs });
  // Resolved sessions are kept in memory while the database's notices of their changes are followed.
  let changeFeedLive = false;
  const stopFollowingAuth = await handle.listen(AUTH_CHANGES_CHANNEL, {
    onNotice: sessions.changeHandlers.onNotice,
    onLive: (live) => {
      changeFeedLive = live;
      sessions.changeHandlers.onLive(live);
    },
  });
  app.addHook("onClose", stopFollowingAuth);
  app.decorate("sessions", { noticeHeard: sessions.noticeHeard });
  registerAuth(app, { db, sessions, cookies: config });
  registerPermissions(app);
  registerIdempotency(app, { db });
  registerTextCompression(app);
  const { uploads } = await uploadsScope(app);

  const loginThrottle = createLoginThrottle({ db, ...throttle });
  const auth = createAuthService({ db, sessions, throttle: loginThrottle });
  const links = createDocumentLinks(config.signedUrlSecret ?? loadOrCreateSecret(config.dataDir, "signed-url-secret"));
  const documents = createDocumentsService({ db, storage, links, clock });
  const mailWorker = createMailWorker({
    db,
    documents,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    // An invoice is sent when its mail has left, not when it was queued.
    onSent: [markInvoiceSent],
  });
  const wakeWorker = () => void mailWorker.processDue();
  const background = createBackgroundWork(app.log);
  app.decorate("background", background);
  const passwordReset = createPasswordResetService({
    db,
    sessions,
    publicUrl: config.publicUrl,
    background,
    onMailQueued: wakeWorker,
  });
  app.decorate("mailWorker", mailWorker);
  app.addHook("onClose", async () => {
    await background.settled();
    await mailWorker.stop();
  });

  healthRoutes(app, { handle, changeFeedLive: () => changeFeedLive });
  homeRoutes(app, { home: createHomeService({ db, clock }) });
  searchRoutes(app, { search: createSearchService({ db, clock }) });
  savedViewsRoutes(app, { savedViews: createSavedViewsService({ db, clock }) });
  const alertActions = createAlertActionsService({ db, clock });
  alertsRoutes(app, {
    reader: createAlertsReader({ db, clock }),
    actions: alertActions,
    settings: createAlertSettingsService({ db, clock }),
  });
  const alertDigest = createAlertDigestService({ db, clock, publicUrl: config.publicUrl, onMailQueued: wakeWorker });
  alertDigestRoutes(app, { digest: alertDigest });
  // The daily digest of alerts: checked every 10 minutes, sent from its hour; each (user, day) claimed once.
  const digestJob = createPeriodicJob(async () => void (await alertDigest.sendDue()), 10 * 60 * 1000, app.log);
  app.decorate("alertDigest", digestJob);
  app.addHook("onClose", async () => digestJob.stop());
  // The embedded base's daily backup (Settings › Sauvegardes): checked every 10 minutes, taken from its hour.
  const backupSchedule = createBackupSchedule({
    handle,
    scheduled: config.dailyBackup && handle.kind === "pglite",
    storage,
    dataDir: config.dataDir,
    clock,
  });
  const backupJob = createPeriodicJob(async () => void (await backupSchedule.runDue()), 10 * 60 * 1000, app.log);
  app.decorate("backupJob", backupJob);
  app.addHook("onClose", async () => backupJob.stop());
  backupsRoutes(app, {
    backups: createBackupsService({
      db,
      dataDir: config.dataDir,
      scheduled: backupSchedule.scheduled,
      engine: handle.kind === "pglite" ? "pglite" : "postgresql",
      clock,
    }),
  });
  authRoutes(app, { auth, passwordReset, config });
  documentsRoutes(uploads, {
    documents,
    categories: createDocumentCategoriesService({ db, clock }),
    links,
    uploadMaxBytes: config.uploadMaxBytes,
    ownerOptions: (kind, search) => partyOptions(db, kind, search),
  });
  mailRoutes(app, {
    mail: createMailService({ db, documents, clock, onEnqueued: wakeWorker }),
    templates: createMailTemplatesService({ db, clock }),
    groups: createMailGroupsService({ db, clock }),
    worker: mailWorker,
  });
  usersRoutes(app, { users: createUsersService({ db, sessions, passwordReset, clock }) });
  profilesRoutes(app, { profiles: createProfilesService({ db, clock, onGrantsChanged: sessions.forgetAll }) });
  // One service for the routes and the PDFs: the stored logo is checked once per version (image guard).
  const configurationService = createConfigurationService({ db, clock, log: app.log });
  configurationRoutes(uploads, { configuration: configurationService });
  accessibilityRoutes(app, {
    accessibility: createAccessibilityService({ db, configuration: configurationService, clock }),
  });
  clientsRoutes(app, { clients: createClientsService({ db, clock }) });
  partiesRoutes(app, { parties: createPartiesService({ db, clock }) });
  gestionnairesRoutes(app, { gestionnaires: createGestionnairesService({ db, clock }) });
  const recevability = createRecevabilityService({ db, documents, links, clock });
  prospectsRoutes(app, {
    prospects: createProspectsService({ db, recevability, clock, cascade: { refuseOpenQuotes, cancelOpenContracts } }),
  });
  recevabilityRoutes(uploads, { recevability, uploadMaxBytes: config.uploadMaxBytes });
  quotesRoutes(app, {
    quotes: createQuotesService({
      db,
      documents,
      links,
      configuration: configurationService,
      clock,
      onMailQueued: wakeWorker,
    }),
  });
  numberingRoutes(app, { numbering: createNumberingService({ db, clock }) });
  const impartiality = createImpartialityService({ db, clock });
  const contracts = createContractsService({
    db,
    impartiality,
    documents,
    links,
    configuration: configurationService,
    clock,
    log: app.log,
    onMailQueued: wakeWorker,
  });
  contractsRoutes(app, { contracts });
  contractClientRoutes(app, { contracts });
  timelineRoutes(app, { timeline: createTimelineService({ db, links }) });
  wallRoutes(app, { wall: createWallService({ db, links, clock }) });
  auditorsRoutes(app, { auditors: createAuditorsService({ db, clock }), impartiality });
  auditorFileRoutes(uploads, {
    file: createAuditorFileService({ db, clock, documents, links }),
    uploadMaxBytes: config.uploadMaxBytes,
  });
  auditorSettingsRoutes(app, { fareClasses: createFareClassesService({ db }), impartiality });
  const missionLinks = createMissionLinks(
    config.signedUrlSecret ?? loadOrCreateSecret(config.dataDir, "mission-links-secret"),
    config.publicUrl,
  );
  const companyIdentity = async () => ({
    configuration: await configurationService.get(),
    logo: await configurationService.logo(),
  });
  const follow = createMissionFollow({
    clock,
    missionLinks,
    identity: companyIdentity,
    withDocumentsOnTheWay: documents.withDocumentsOnTheWay,
    enqueueMail,
    onMailQueued: wakeWorker,
  });
  const missions = createMissionsService({ db, clock, links, impartiality, follow });
  missionHistoryRoutes(app, { history: createMissionHistoryService({ db }) });
  const missionDocs = { detail: missions.detail, enqueueMail, onMailQueued: wakeWorker };
  missionsRoutes(app, { missions });
  missionStepsRoutes(uploads, {
    orders: createMissionOrdersService({
      db,
      clock,
      missionLinks,
      identity: companyIdentity,
      withDocuments: documents.withDocuments,
      acceptance: { check: missions.checkAcceptance, record: missions.recordChecks },
      ...missionDocs,
    }),
    reports: createMissionReportsService({
      db,
      clock,
      withUpload: documents.withUpload,
      ...missionDocs,
    }),
    calendar: createCalendarFeed({ db, clock, missionLinks }),
    uploadMaxBytes: config.uploadMaxBytes,
  });
  const missionDeadlines = createMissionDeadlinesService({ db, clock, enqueueMail, onMailQueued: wakeWorker });
  const reminderJob = createReminderJob(missionDeadlines, app.log);
  app.decorate("missionReminders", reminderJob);
  app.addHook("onClose", async () => {
    await reminderJob.stop();
  });
  missionPreparationRoutes(uploads, {
    preparation: createMissionPreparationService({
      db,
      clock,
      withUpload: documents.withUpload,
      detail: missions.detail,
    }),
    nonConformities: createNonConformitiesService({ db, clock }),
    deadlines: missionDeadlines,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  missionPlanningRoutes(app, {
    planning: createMissionPlanningService({ db, clock }),
    proposals: createMissionProposalsService({ db, clock, enqueueMail, onMailQueued: wakeWorker }),
  });
  const invoices = createInvoicesService({
    db,
    configuration: configurationService,
    documents,
    clock,
    log: app.log,
    onMailQueued: wakeWorker,
  });
  invoicesRoutes(app, { invoices });
  invoiceBulkRoutes(app, { bulk: createInvoiceBulk({ db, invoices, log: app.log }) });
  accountingRoutes(app, { accounting: createAccountingService({ db, configuration: configurationService, clock }) });
  bankReconciliationRoutes(uploads, { bank: createBankReconciliationService({ db, clock, demo: config.demoData }) });
  // Reminders of unpaid invoices: hourly; each (invoice, step) is claimed once, whatever the number of servers.
  const reminders = createPeriodicJob(
    async () => {
      if ((await invoices.sendReminders()) > 0) wakeWorker();
    },
    60 * 60 * 1000,
    app.log,
  );
  app.decorate("invoiceReminders", reminders);
  app.addHook("onClose", async () => reminders.stop());
  missionPortalRoutes(uploads, {
    portal: createMissionPortalService({
      db,
      clock,
      links,
      withUpload: documents.withUpload,
      enqueueMail,
      onMailQueued: wakeWorker,
    }),
    uploadMaxBytes: config.uploadMaxBytes,
  });
  const identity = async () => ({
    configuration: await configurationService.get(),
    logo: await configurationService.logo(),
  });
  const quality = createQualityService({
    db,
    clock,
    links,
    satisfactionLinks: createSatisfactionLinks(
      config.signedUrlSecret ?? loadOrCreateSecret(config.dataDir, "satisfaction-links-secret"),
      config.publicUrl,
    ),
    identity,
    withDocument: documents.withDocument,
    onMailQueued: wakeWorker,
  });
  // The satisfaction questionnaires due after the visits: hourly; each mission's is claimed once.
  const satisfactionJob = createPeriodicJob(
    async () => void (await quality.sendDueSatisfactions()),
    60 * 60 * 1000,
    app.log,
  );
  app.decorate("satisfactionSender", satisfactionJob);
  app.addHook("onClose", async () => satisfactionJob.stop());
  alertSatisfactionRoutes(app, {
    actions: alertActions,
    sendSatisfactionToAuditor: (actor, missionId, requestId, within) =>
      quality.sendSatisfactionToAuditor(actor, missionId, requestId, within),
  });
  expensesRoutes(uploads, {
    expenses: createExpensesService({
      db,
      clock,
      links,
      withUpload: documents.withUpload,
    }),
    quality,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  statementRoutes(app, {
    statement: createStatementService({ db, clock, identity }),
    payments: createAuditorPaymentsService({ db, clock }),
  });
  statisticsRoutes(app, { statistics: createStatisticsService({ db, clock }), clock });
  auditRoutes(app, { db });

  await serveWebApp(app, config.webDist);
  return app;
}

/**
 * The routes that take uploads (multipart/form-data) are registered on this scope, the only one with the
 * multipart plugin: its hooks (two per request, and a listener on every answer) ran for every request of
 * the API, lists included (docs/performance.md). Elsewhere a multipart body is refused (415) before the
 * route. Routes read uploads through lib/upload.ts, which sets its own limits; these cover anything else.
 */
async function uploadsScope(app: AppInstance): Promise<{ uploads: AppInstance }> {
  let scope: AppInstance | undefined;
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: MULTIPART_LIMITS });
    scope = uploads;
  });
  if (!scope) throw new Error("uploads scope not registered");
  // Wrapped: a Fastify instance is a thenable, which a promise would resolve to the root instance.
  return { uploads: scope };
}
