import type { Actor } from "../lib/actor.js";
import type { Access } from "../lib/authorization.js";

declare module "fastify" {
  interface FastifyInstance {
    routeAccess: import("./permissions.js").RouteAccess[];
    mailWorker: import("../modules/mail/mail-worker.js").MailWorker;
    /** The report reminders (hourly once started; tests call runOnce). */
    missionReminders: ReturnType<typeof import("../modules/missions/mission-deadlines.service.js").createReminderJob>;
    /** The periodic reminders of unpaid invoices (started by main.ts, not by the tests). */
    invoiceReminders: import("../lib/periodic-job.js").PeriodicJob;
    /** The satisfaction questionnaires mailed after the visits (started by main.ts, not by the tests). */
    satisfactionSender: import("../lib/periodic-job.js").PeriodicJob;
    /** The daily digest of alerts, from its hour (started by main.ts, not by the tests). */
    alertDigest: import("../lib/periodic-job.js").PeriodicJob;
    /** The embedded base's daily backup, from its hour (started by main.ts, not by the tests). */
    backupJob: import("../lib/periodic-job.js").PeriodicJob;
    /** Work done after the answer (the forgot-password mail): tests and shutdown wait for it. */
    background: import("../lib/background.js").BackgroundWork;
    /** The sessions kept in memory: `noticeHeard` tells when a change notice reached this server (tests). */
    sessions: Pick<import("../modules/auth/session-store.js").SessionStore, "noticeHeard">;
  }
  interface FastifyContextConfig {
    /** Every route declares who may call it; the permissions plugin refuses a route without it. */
    access?: Access;
    /** Callable while the user must still replace a provisional password (sign-out, "me", the change). */
    beforePasswordChange?: true;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** How the session came: a cookie needs the CSRF header on writes, a bearer token does not. */
    authVia: "cookie" | "bearer" | null;
    sessionCsrfToken: string | null;
  }
}
