import type { PermissionGrant } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import type { Actor } from "./actor.js";
import { AppError } from "./errors.js";
import {
  abilities,
  allow,
  authorize,
  can,
  defineResource,
  granted,
  guard,
  inScope,
  recordScope,
  scopeWhere,
} from "./policy.js";

const grants = (letters: string): PermissionGrant[] => [
  {
    code: "CLIENT",
    operation: {
      create: letters.includes("C"),
      read: letters.includes("R"),
      update: letters.includes("U"),
      delete: letters.includes("D"),
    },
  },
];
const actor = (over: Partial<Actor> = {}): Actor => ({
  userId: "u1",
  label: "Test",
  profileType: "CC",
  grants: grants("RU"),
  auditorId: null,
  clientId: null,
  sessionId: "s1",
  mustChangePassword: false,
  ...over,
});

interface Note {
  clientId: string;
  locked: boolean;
}
const note = defineResource<Note>()({
  name: "note",
  actions: ["read", "update", "delete"],
  notFound: "Note introuvable.",
  scope: (a, n) => inScope(recordScope(a), { clientId: n.clientId }),
});
allow(note, "read", (a) => granted(a, "CLIENT", "read"));
allow(note, ["update"], (a) => granted(a, "CLIENT", "update"));
allow(note, "delete", (a) => granted(a, "CLIENT", "delete"));
guard(note, ["update", "delete"], (n) => n.locked && "Cette note est verrouillée.");

const statusOf = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 500;
  }
};

describe("policy", () => {
  const open: Note = { clientId: "c1", locked: false };

  it("allows what a rule grants and refuses the rest with 403", () => {
    expect(can(actor(), "update", note, open)).toBe(true);
    expect(can(actor(), "delete", note, open)).toBe(false);
    expect(statusOf(() => authorize(actor(), "update", note, open))).toBe(200);
    expect(statusOf(() => authorize(actor(), "delete", note, open))).toBe(403);
  });

  it("hides a record outside the actor's scope with 404 and its own message, whatever the grants", () => {
    const client = actor({ profileType: "MYQUALIANOR", clientId: "c2", grants: grants("CRUD") });
    expect(can(client, "read", note, open)).toBe(false);
    expect(() => authorize(client, "read", note, open)).toThrow("Note introuvable.");
    expect(statusOf(() => authorize(client, "read", note, open))).toBe(404);
    expect(statusOf(() => authorize({ ...client, clientId: "c1" }, "read", note, open))).toBe(200);
    const evaluator = actor({ profileType: "AUDITEUR", auditorId: "a1", grants: grants("CRUD") });
    expect(statusOf(() => authorize(evaluator, "read", note, open))).toBe(404);
  });

  it("answers 409 with the guard's message when the record's state forbids the action", () => {
    const locked = { ...open, locked: true };
    expect(can(actor(), "update", note, locked)).toBe(false);
    expect(() => authorize(actor(), "update", note, locked)).toThrow("Cette note est verrouillée.");
    expect(statusOf(() => authorize(actor(), "update", note, locked))).toBe(409);
    // A missing right wins over the state: 403, not 409.
    expect(statusOf(() => authorize(actor(), "delete", note, locked))).toBe(403);
  });

  it("presents every action's ability for a detail response", () => {
    expect(abilities(actor(), note, open)).toEqual({ read: true, update: true, delete: false });
    expect(abilities(actor(), note, { ...open, locked: true })).toEqual({ read: true, update: false, delete: false });
  });

  it("turns the scope into a list filter", () => {
    expect(recordScope(actor())).toEqual({ kind: "all" });
    expect(recordScope(actor({ profileType: "MYQUALIANOR", clientId: "c1" }))).toEqual({
      kind: "client",
      clientId: "c1",
    });
    expect(recordScope(actor({ profileType: "MYQUALIANOR" }))).toEqual({ kind: "none" });
    expect(recordScope(actor({ profileType: "AUDITEUR", auditorId: "a1" }))).toEqual({
      kind: "auditor",
      auditorId: "a1",
    });
    expect(scopeWhere({ kind: "all" }, {})).toBeUndefined();
    expect(scopeWhere({ kind: "auditor", auditorId: "a1" }, {})).toBeDefined();
  });
});
