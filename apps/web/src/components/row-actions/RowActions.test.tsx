import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import {
  ALERT_TYPE_PERFORMANCE_WITHOUT_SATISFACTION,
  commentButtonType,
  ROW_ACTION_CODES,
  type RowActionCode,
  resolveRowActions,
} from "./action-codes";
import { RowActions } from "./RowActions";

const now = new Date("2025-06-15T10:00:00Z");
const codesOf = (
  row: Parameters<typeof resolveRowActions>[1],
  codes: RowActionCode[] = Object.values(ROW_ACTION_CODES),
) => resolveRowActions(codes, row, now).map((a) => a.code);

describe("row action rules", () => {
  it("exports the spec's codes", () => {
    expect(Object.values(ROW_ACTION_CODES)).toEqual([
      "SEND_MAIL",
      "CONFIRM",
      "COMMENT",
      "View",
      "EDIT",
      "HISTORY",
      "DELETE",
      "MAIL_LIST",
    ]);
  });

  it("shows CONFIRM only on removable rows and COMMENT only on the others", () => {
    expect(codesOf({ isRemovable: true })).toContain("CONFIRM");
    expect(codesOf({ isRemovable: true })).not.toContain("COMMENT");
    expect(codesOf({ isRemovable: false })).toContain("COMMENT");
    expect(codesOf({})).not.toContain("CONFIRM");
  });

  it("hides DELETE for performance alerts without satisfaction", () => {
    expect(codesOf({ alertType: ALERT_TYPE_PERFORMANCE_WITHOUT_SATISFACTION })).not.toContain("DELETE");
    expect(codesOf({ alertType: "other" })).toContain("DELETE");
  });

  it("types the comment button by the follow-up date", () => {
    expect(commentButtonType("2025-06-14", now)).toBe("warning");
    expect(commentButtonType("2025-06-15", now)).toBe("info");
    expect(commentButtonType(null, now)).toBe("info");
  });
});

describe("RowActions", () => {
  it("emits the clicked action's code without bubbling to the row", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onRowClick = vi.fn();
    renderWithTheme(
      <table>
        <tbody>
          <tr onClick={onRowClick}>
            <td>
              <RowActions row={{}} codes={["View", "HISTORY", "DELETE"]} onAction={onAction} now={now} />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    await user.click(screen.getByRole("button", { name: "Historique" }));
    await user.click(screen.getByRole("button", { name: "Supprimer" }));
    expect(onAction.mock.calls).toEqual([["HISTORY"], ["DELETE"]]);
    expect(onRowClick).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Voir" })).toBeInTheDocument();
  });

  it("blocks EDIT when the row is not changeable, with a not-allowed cursor", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const { rerender } = renderWithTheme(
      <RowActions row={{ isChangable: false }} codes={["EDIT"]} onAction={onAction} />,
    );
    const blocked = screen.getByRole("button", { name: "Modification impossible" });
    expect(blocked).toHaveAttribute("aria-disabled", "true");
    expect(blocked).toHaveStyle({ cursor: "not-allowed" });
    await user.click(blocked);
    expect(onAction).not.toHaveBeenCalled();

    rerender(<RowActions row={{ isChangable: true }} codes={["EDIT"]} onAction={onAction} />);
    await user.click(screen.getByRole("button", { name: "Modifier" }));
    expect(onAction).toHaveBeenCalledWith("EDIT");
  });

  it("offers SEND_MAIL as writing an e-mail, whatever the satisfaction flag", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    renderWithTheme(
      <RowActions row={{ isSendSatisfactionToAuditor: true }} codes={["SEND_MAIL"]} onAction={onAction} />,
    );
    await user.click(screen.getByRole("button", { name: "Envoyer un e-mail" }));
    expect(onAction).toHaveBeenCalledWith("SEND_MAIL");
  });

  it("shows the comment button as warning when the follow-up is past, else info", () => {
    const { rerender } = renderWithTheme(
      <RowActions row={{ dateRelance: "2025-06-01" }} codes={["COMMENT"]} onAction={() => {}} now={now} />,
    );
    expect(screen.getByRole("button", { name: /Commenter/ })).toHaveAttribute("data-type", "warning");
    rerender(<RowActions row={{ dateRelance: "2025-07-01" }} codes={["COMMENT"]} onAction={() => {}} now={now} />);
    expect(screen.getByRole("button", { name: "Commenter" })).toHaveAttribute("data-type", "info");
  });

  it("shows the French label as a tooltip on hover", async () => {
    const user = userEvent.setup();
    renderWithTheme(<RowActions row={{}} codes={["MAIL_LIST"]} onAction={() => {}} />);
    await user.hover(screen.getByRole("button", { name: "Liste des e-mails" }));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Liste des e-mails");
  });
});
