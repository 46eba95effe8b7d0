import { type AlertRow, CONFIRM_MOVE_TO_PROSPECT, CONFIRM_REMOVE_ALERT } from "@certidesk/shared";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmPopup } from "../../../components";
import { notifyError, notifySaved } from "../../../lib/notify";
import type { AlertActionResult } from "../api/alert-mutation";
import { useArchiveAlertLinkinterest } from "../api/archive-alert-linkinterest";
import { useArchiveAlertPerformance } from "../api/archive-alert-performance";
import { useCommentAlert } from "../api/comment-alert";
import { useConfirmAlert } from "../api/confirm-alert";
import { useRemoveAlert } from "../api/remove-alert";
import { useSaveAlertDate } from "../api/save-alert-date";
import { useSendSatisfactionToAuditor } from "../api/send-satisfaction";
import { useUpdateAlertDemandes } from "../api/update-alert-demandes";
import { CommentAlertModal, PostponeAlertModal } from "./AlertFormModals";
import { AlertHistoryModal } from "./AlertHistoryModal";
import { MENU_CODES, mailListLink, sendMailLink } from "./page-actions";

type Dialog = "COMMENT" | "EDIT" | "HISTORY" | "DELETE" | "CONFIRM" | null;
const CANCEL = "CANCEL";

/**
 * Everything a row action does: the popups it opens, the call it makes, the message after. The
 * lists and counts refresh through the "alerts" query domain (alert-mutation.ts).
 */
export function useAlertActions() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ kind: Dialog; row: AlertRow | null }>({ kind: null, row: null });
  /** Questionnaires sent during this visit: the button stays disabled even before the list refetches. */
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const remove = useRemoveAlert();
  const confirm = useConfirmAlert();
  const postpone = useSaveAlertDate();
  const comment = useCommentAlert();
  const demandes = useUpdateAlertDemandes();
  const archivePerformance = useArchiveAlertPerformance();
  const archiveLink = useArchiveAlertLinkinterest();
  const satisfaction = useSendSatisfactionToAuditor();

  const close = () => setDialog({ kind: null, row: null });
  const open = (kind: Dialog, row: AlertRow) => setDialog({ kind, row });
  /** Runs a call that needs no form: the message says how it went, the popup closes either way. */
  const run = (call: Promise<AlertActionResult>) =>
    call.then(
      () => notifySaved(),
      (error: unknown) => notifyError(error),
    );

  function onAction(code: string, row: AlertRow) {
    switch (code) {
      case "CONFIRM":
      case "COMMENT":
      case "EDIT":
      case "HISTORY":
      case "DELETE":
        if (code === "EDIT" && !row.isChangable) return;
        return open(code, row);
      case "SEND_MAIL":
        return navigate(sendMailLink(row));
      case "MAIL_LIST":
        return navigate(mailListLink(row));
      case "View":
      case MENU_CODES.OPEN:
        return navigate(row.link);
      case MENU_CODES.SEND_SATISFACTION:
        if (sent.has(row.id)) return;
        return run(
          satisfaction.mutateAsync({ id: row.id }).then((result) => {
            setSent((s) => new Set(s).add(row.id));
            return result;
          }),
        );
      case MENU_CODES.MARK_HANDLED:
        return run(demandes.mutateAsync({ id: row.id, handled: true }));
      case MENU_CODES.ARCHIVE:
        return run(
          row.page === "ALERT_LIEN"
            ? archiveLink.mutateAsync({ id: row.id })
            : archivePerformance.mutateAsync({ id: row.id }),
        );
    }
  }

  const row = dialog.row;
  const isDemand = row?.page === "ALERT_DEMAND";
  const dialogs: ReactNode = (
    <>
      <CommentAlertModal
        row={dialog.kind === "COMMENT" ? row : null}
        onClose={close}
        loading={comment.isPending}
        onSubmit={(r, text) => comment.mutateAsync({ id: r.id, text }).then(() => notifySaved())}
      />
      <PostponeAlertModal
        row={dialog.kind === "EDIT" ? row : null}
        onClose={close}
        loading={postpone.isPending}
        onSubmit={(r, date) => postpone.mutateAsync({ id: r.id, date }).then(() => notifySaved())}
      />
      <AlertHistoryModal row={dialog.kind === "HISTORY" ? row : null} onClose={close} />
      <ConfirmPopup
        opened={dialog.kind === "DELETE"}
        onClose={close}
        title="Supprimer l'alerte"
        text={
          isDemand
            ? "La demande peut quitter les alertes, ou être suivie comme prospect : l'alerte est alors traitée et sa fiche s'ouvre."
            : "L'alerte quitte la liste pour de bon ; elle reste dans son historique."
        }
        firstButton={{ label: "Supprimer l'alerte", code: CONFIRM_REMOVE_ALERT, color: "red" }}
        secondButton={
          isDemand
            ? { label: "Suivre en prospect", code: CONFIRM_MOVE_TO_PROSPECT }
            : { label: "Annuler", code: CANCEL }
        }
        onAction={(code) => code === CANCEL && close()}
        onRemoveAlert={() => {
          if (row) run(remove.mutateAsync({ id: row.id }));
          close();
        }}
        onMoveToProspect={() => {
          // The prospect's record opens only once the request is stored as handled.
          if (row)
            demandes.mutateAsync({ id: row.id, handled: true }).then(() => {
              notifySaved();
              navigate(row.link);
            }, notifyError);
          close();
        }}
      />
      <ConfirmPopup
        opened={dialog.kind === "CONFIRM"}
        onClose={close}
        title="Confirmer l'alerte"
        text="Le cas est réglé : l'alerte quitte la liste et la confirmation reste dans son historique."
        firstButton={{ label: "Confirmer", code: "CONFIRM", color: "green" }}
        secondButton={{ label: "Annuler", code: CANCEL }}
        onAction={(code) => {
          if (code === "CONFIRM" && row) run(confirm.mutateAsync({ id: row.id }));
          close();
        }}
      />
    </>
  );
  return { onAction, dialogs, sent };
}
