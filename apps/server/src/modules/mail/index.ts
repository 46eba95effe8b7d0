/** The mail module's public surface: other modules queue a mail with `enqueueMail(tx, …)` inside their transaction. */
export { type EnqueueInput, enqueueMail, mailSendingState, withdrawFailedMail } from "./mail-outbox.js";
export type { SentMail } from "./mail-worker.js";
