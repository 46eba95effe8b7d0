import { createHash, randomBytes } from "node:crypto";

export const newToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
/** Tokens are stored hashed: a leaked database does not hand out live sessions. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
