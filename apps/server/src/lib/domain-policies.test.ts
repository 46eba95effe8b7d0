import { defaultGrants, PERMISSION_CODES, type ProfileType } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import { clientResource } from "../modules/clients/clients.policy.js";
import { contractResource } from "../modules/contracts/contracts.policy.js";
import { requestResource } from "../modules/prospects/prospects.policy.js";
import { quoteResource } from "../modules/quotes/quotes.policy.js";
import type { Actor } from "./actor.js";
import { AppError } from "./errors.js";
import { abilities, authorize } from "./policy.js";

const everything = PERMISSION_CODES.map((code) => ({
  code,
  operation: { create: true, read: true, update: true, delete: true },
}));
const actor = (profileType: ProfileType, over: Partial<Actor> = {}): Actor => ({
  userId: "u",
  label: "u",
  profileType,
  grants: defaultGrants(profileType),
  auditorId: null,
  clientId: null,
  sessionId: "s",
  mustChangePassword: false,
  ...over,
});
const statusOf = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 500;
  }
};

/**
 * Grants are editable in Settings: a client user or an evaluator given every right must still not
 * read commercial records that are not theirs. The scope answers 404 whatever the grants.
 */
describe("domain policies keep record scope whatever the grants", () => {
  const client = actor("MYQUALIANOR", { clientId: "c1", grants: everything });
  const evaluator = actor("AUDITEUR", { auditorId: "a1", grants: everything });

  it("hides requests and quotes from client users and evaluators", () => {
    for (const who of [client, evaluator]) {
      expect(statusOf(() => authorize(who, "read", requestResource, { status: "NEW", archivedAt: null }))).toBe(404);
      expect(statusOf(() => authorize(who, "read", quoteResource, { status: "SENT", requestBlock: null }))).toBe(404);
    }
    expect(statusOf(() => authorize(actor("CC"), "read", quoteResource, { status: "SENT", requestBlock: null }))).toBe(
      200,
    );
  });

  it("lists a quote's abilities from its status and its request's state", () => {
    const cc = actor("CC");
    expect(abilities(cc, quoteResource, { status: "DRAFT", requestBlock: null })).toMatchObject({
      update: true,
      send: true,
      accept: false,
      refuse: true,
      newVersion: true,
    });
    const archived = { status: "SENT", requestBlock: "Cette demande est refusée ou archivée." };
    expect(abilities(cc, quoteResource, archived)).toMatchObject({ print: true, send: false, accept: false });
    expect(statusOf(() => authorize(cc, "accept", quoteResource, archived))).toBe(409);
  });

  it("opens a contract or a client file to a client user only when it is theirs", () => {
    const contract = { status: "SIGNED", clientIds: ["c2"], service: "ESSMS_EVALUATION" };
    expect(statusOf(() => authorize(client, "read", contractResource, contract))).toBe(404);
    expect(statusOf(() => authorize(client, "read", contractResource, { ...contract, clientIds: ["c1"] }))).toBe(200);
    expect(statusOf(() => authorize(client, "read", clientResource, { id: "c2" }))).toBe(404);
    expect(statusOf(() => authorize(evaluator, "read", clientResource, { id: "c1" }))).toBe(404);
  });

  it("answers 403 to staff without the right, 409 when the state forbids it", () => {
    const cpi = actor("CPI");
    const draft = { status: "DRAFT", clientIds: ["c1"], service: "ESSMS_EVALUATION" };
    expect(statusOf(() => authorize(cpi, "terms", contractResource, draft))).toBe(403);
    expect(statusOf(() => authorize(cpi, "programmeForClient", contractResource, draft))).toBe(200);
    expect(statusOf(() => authorize(actor("CC"), "terms", contractResource, { ...draft, status: "SENT" }))).toBe(409);
  });
});
