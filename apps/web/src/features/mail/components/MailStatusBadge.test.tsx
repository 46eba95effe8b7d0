import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../../test/render";
import { MailStatusBadge } from "./MailStatusBadge";

const base = { attempts: 0, nextAttemptAt: "2026-03-12T09:00:00.000Z", lastError: null, sentAt: null };

describe("MailStatusBadge", () => {
  it("says in French that a mail waits in the queue", () => {
    renderWithTheme(<MailStatusBadge mail={{ ...base, status: "QUEUED" }} />);
    expect(screen.getByText("Non envoyé (en file d'attente)")).toBeInTheDocument();
  });

  it("gives the sending time of a sent mail", () => {
    renderWithTheme(<MailStatusBadge mail={{ ...base, status: "SENT", sentAt: "2026-03-12T13:05:00.000Z" }} />);
    expect(screen.getByText("Envoyé")).toBeInTheDocument();
    expect(screen.getByText("le 12/03/2026 14:05")).toBeInTheDocument();
  });

  it("labels a failed mail and keeps its details for the tooltip", () => {
    renderWithTheme(
      <MailStatusBadge mail={{ ...base, status: "FAILED", attempts: 2, lastError: "connect ECONNREFUSED" }} />,
    );
    expect(screen.getByText("Échec — nouvel essai programmé")).toBeInTheDocument();
  });
});
