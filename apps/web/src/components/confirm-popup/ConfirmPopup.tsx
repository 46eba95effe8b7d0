import { Button, Group, Modal, Text, Typography } from "@mantine/core";
import DOMPurify from "dompurify";

/** Button codes of the spec's confirm popup (§2). */
export const REMOVE_ALERT = "REMOVE_ALERT";
export const MOVE_TO_PROSPECT = "MOVE_TO_PROSPECT";

export interface ConfirmButton {
  label: string;
  code: string;
  color?: string;
}

export interface ConfirmPopupProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text?: string;
  /** Rich content; sanitised before display since it may come from stored mail templates. */
  html?: string;
  firstButton?: ConfirmButton;
  secondButton?: ConfirmButton;
  /** Every button click, with that button's code. */
  onAction?: (code: string) => void;
  /** Only when the first button carries REMOVE_ALERT. */
  onRemoveAlert?: () => void;
  /** Only when the second button carries MOVE_TO_PROSPECT. */
  onMoveToProspect?: () => void;
}

const DEFAULT_FIRST: ConfirmButton = { label: "Supprimer l'alerte", code: REMOVE_ALERT, color: "red" };
const DEFAULT_SECOND: ConfirmButton = { label: "Passer en prospect", code: MOVE_TO_PROSPECT };

/**
 * Two-button confirmation; each button answers for its own code only. The first button is the
 * primary action (filled, on the right), the second the alternative (on its left).
 */
export function ConfirmPopup(props: ConfirmPopupProps) {
  const { opened, onClose, title, text, html, firstButton = DEFAULT_FIRST, secondButton = DEFAULT_SECOND } = props;
  const clickFirst = () => {
    props.onAction?.(firstButton.code);
    if (firstButton.code === REMOVE_ALERT) props.onRemoveAlert?.();
  };
  const clickSecond = () => {
    props.onAction?.(secondButton.code);
    if (secondButton.code === MOVE_TO_PROSPECT) props.onMoveToProspect?.();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": "Fermer" }}>
      {text && <Text size="sm">{text}</Text>}
      {html && (
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above */}
          <div data-testid="confirm-html" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
        </Typography>
      )}
      {/* One order in every dialog of the app: the alternative on the left, the primary action on the right. */}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" color={secondButton.color} onClick={clickSecond}>
          {secondButton.label}
        </Button>
        <Button variant="filled" color={firstButton.color} onClick={clickFirst} data-autofocus>
          {firstButton.label}
        </Button>
      </Group>
    </Modal>
  );
}
