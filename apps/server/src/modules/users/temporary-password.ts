import { randomInt } from "node:crypto";

// No 0/O, 1/l/I: the password is read aloud or copied from a screen to someone else's keyboard.
const ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A one-time password: four groups of four characters (about 93 bits), long enough for the password
 * rule and typed once, since its owner must replace it at the next sign-in.
 */
export function temporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}
