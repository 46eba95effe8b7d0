import { MESSAGES } from "@certidesk/shared";
import { notifications } from "@mantine/notifications";
import { errorMessage } from "./api-client";

export const notifySaved = (message: string = MESSAGES.saved) =>
  notifications.show({ color: "green", title: "Enregistré", message });

export const notifyError = (error: unknown) =>
  notifications.show({ color: "red", title: "Erreur", message: errorMessage(error) });
