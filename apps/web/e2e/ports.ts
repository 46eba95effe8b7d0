/** The browser tests' servers (playwright.config.ts): the main one, and one for the mission walk. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * A second server, on its own demo base, for the mission walk (e2e/mission-walk.spec.ts): it takes
 * client@demo.fr's only mission to its end, which the portal tests need at its start.
 */
export const WALK_PORT = E2E_PORT + 100;
/**
 * The SMTP server the main demo server sends to (e2e/smtp-sink.mjs), and its HTTP side where the tests
 * read the mails received. The walk server has none: its mails wait in the outbox (e2e/mail.spec.ts).
 */
export const SMTP_SINK_PORT = E2E_PORT + 200;
export const SMTP_SINK_HTTP_PORT = E2E_PORT + 201;
