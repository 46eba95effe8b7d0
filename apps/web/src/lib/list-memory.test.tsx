import type { CurrentUser } from "@certidesk/shared";
import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useRememberedListState } from "./list-memory";
import { SessionProvider } from "./session-context";
import { storeUser } from "./session-store";

let seen = "";
function List() {
  useRememberedListState();
  seen = useLocation().search;
  return null;
}

const signedIn = (id: string) => storeUser({ id, identifier: `${id}@demo.fr` } as CurrentUser);
function open(url: string) {
  const router = createMemoryRouter([{ path: "/app/client", element: <List /> }], { initialEntries: [url] });
  const view = render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return { router, unmount: view.unmount };
}

describe("useRememberedListState", () => {
  afterEach(() => localStorage.clear());

  it("brings back the user's last query when the list is opened without one, and forgets it once reset", async () => {
    signedIn("u1");
    open("/app/client?filtre=EVALUATION_DATE&q=ehpad").unmount();
    const menu = open("/app/client");
    expect(seen).toBe("?filtre=EVALUATION_DATE&q=ehpad");
    menu.unmount();
    // Another account on the same browser starts from the default list.
    signedIn("u2");
    open("/app/client").unmount();
    expect(seen).toBe("");
    // Back to no query while on the list (Réinitialiser) forgets: the menu then opens the default list.
    signedIn("u1");
    const list = open("/app/client");
    expect(seen).toBe("?filtre=EVALUATION_DATE&q=ehpad");
    await act(() => list.router.navigate("/app/client"));
    expect(seen).toBe("");
    list.unmount();
    open("/app/client").unmount();
    expect(seen).toBe("");
  });
});
