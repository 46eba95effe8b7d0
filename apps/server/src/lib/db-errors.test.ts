import { describe, expect, it } from "vitest";
import { databaseError, isDatabaseUnavailable, markConnectFailure, outageReason } from "./db-errors.js";

/** An error as drizzle throws it: its own, with the driver's as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
const pgError = (code: string, message = "…") => Object.assign(new Error(message), { code, severity: "FATAL" });

describe("database out of reach or request at fault", () => {
  it("reads an outage in the driver's errors, however wrapped", () => {
    const outages = [
      wrapped(pgError("57P01", "terminating connection due to administrator command")),
      wrapped(pgError("08006")),
      wrapped(pgError("53300")),
      wrapped(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
      wrapped(new Error("Connection terminated unexpectedly")),
      new Error("timeout exceeded when trying to connect"),
      // A transaction whose connection died: its rollback fails, wrapping what broke it.
      wrapped(wrapped(new Error("Client has encountered a connection error and is not queryable"))),
      // Refused while connecting (ALLOW_CONNECTIONS false): marked by the pool's client (db/client.ts).
      wrapped(markConnectFailure(pgError("55000", 'database "x" is not currently accepting connections'))),
    ];
    for (const error of outages) {
      expect(isDatabaseUnavailable(error), String((error as Error).cause ?? error)).toBe(true);
      expect(databaseError(error)).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    }
  });

  it("logs the driver's words, not the failed query and its parameters", () => {
    const error = wrapped(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    expect(outageReason(error)).toBe("connect ECONNREFUSED 127.0.0.1:5432");
  });

  it("leaves the request's faults and the code's to their own answers", () => {
    expect(isDatabaseUnavailable(wrapped(pgError("55000", "not in prerequisite state")))).toBe(false);
    expect(databaseError(wrapped(pgError("23505")))).toMatchObject({ status: 409 });
    expect(databaseError(wrapped(pgError("22P02")))).toMatchObject({ status: 400 });
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(databaseError(new TypeError("x"))).toBeNull();
  });
});
