import type { WallPost } from "@certidesk/shared";
import { ModalsProvider } from "@mantine/modals";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { PostCard } from "./PostCard";

const post: WallPost = {
  id: "p1",
  version: 2,
  title: "Référentiel v2025",
  text: "Première ligne\nDeuxième ligne",
  pinned: true,
  audience: ["AUDITEUR", "CPI"],
  author: { id: "u-dir", label: "Claire Durand" },
  createdAt: "2026-03-02T08:00:00.000Z",
  updatedAt: "2026-03-02T08:00:00.000Z",
  edited: false,
  attachments: [{ id: "d1", name: "Guide de l'évaluateur", url: "/api/documents/view?p=x&token=y" }],
  comments: [
    {
      id: "c1",
      version: 1,
      text: "Bien noté",
      author: { id: "u-cpi", label: "Mathieu Roux" },
      createdAt: "2026-03-02T09:00:00.000Z",
      updatedAt: "2026-03-02T09:00:00.000Z",
      edited: false,
      abilities: { update: false, delete: false },
    },
  ],
  readBy: [
    { userId: "u-dir", label: "Claire Durand", readAt: "2026-03-02T08:00:00.000Z" },
    { userId: "u-cpi", label: "Mathieu Roux", readAt: "2026-03-02T09:00:00.000Z" },
  ],
  readByMe: false,
  abilities: { update: false, delete: false, comment: false, pin: false },
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const show = (p: WallPost) => {
  fetchMock = mockFetch(() => ({ body: { ok: true } }));
  renderWithQuery(
    <ModalsProvider>
      <PostCard post={p} canPin={false} />
    </ModalsProvider>,
  );
  return fetchMock;
};

describe("a post of the wall", () => {
  it("shows an evaluator the announcement as read-only, and marks it read once shown", async () => {
    const mock = show(post);
    const card = screen.getByRole("article", { name: "Référentiel v2025" });
    expect(within(card).getByText("Annonce")).toBeInTheDocument();
    expect(within(card).getByText(/Pour : Évaluateurs, Planification/)).toBeInTheDocument();
    expect(
      within(card).getByText("Première ligne Deuxième ligne", { normalizer: (t) => t.replace(/\s+/g, " ") }),
    ).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Ouvrir Guide de l'évaluateur" })).toBeInTheDocument();
    expect(within(card).getByTestId("read-by")).toHaveTextContent("Lu par 2");
    expect(within(card).getByTestId("read-by")).toHaveAttribute("aria-label", "Lu par 2 : Claire Durand, Mathieu Roux");
    expect(within(card).queryByRole("button", { name: "Modifier la publication" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Supprimer la publication" })).toBeNull();
    expect(within(card).queryByRole("textbox", { name: "Votre commentaire" })).toBeNull();
    await waitFor(() =>
      expect(mock.calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/wall/posts/p1/read"),
    );
  });

  it("offers edit, delete and the comment box to who may, and does not mark again what was read", async () => {
    const mock = show({
      ...post,
      readByMe: true,
      abilities: { update: true, delete: true, comment: true, pin: true },
    });
    expect(screen.getByRole("button", { name: "Modifier la publication" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Supprimer la publication" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Votre commentaire" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mock.calls).toEqual([]);
  });
});
