/** The mail module's public surface: other modules queue a mail with `enqueueMail(tx, …)` inside their transaction. */
export { type EnqueueInput, enqueueMail } from "./mail-outbox.js";
