import { MESSAGES } from "@certidesk/shared";
import { notifications } from "@mantine/notifications";
import { errorMessage } from "./api-client";

/*
 * A notification says that something happened, away from the focus: a screen reader must hear it
 * (RGAA 7.5). Mantine gives every notification role="alert" (read at once, interrupting): a success is
 * a polite status, read once the user pauses; a failure stays an alert.
 */

export const notifySaved = (message: string = MESSAGES.saved, title = "Enregistré") =>
  notifications.show({ color: "green", title, message, role: "status", "aria-live": "polite" });

export const notifyFailure = (message: string, title = "Erreur") =>
  notifications.show({ color: "red", title, message, role: "alert" });

export const notifyError = (error: unknown) => notifyFailure(errorMessage(error));
