import net from "node:net";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "1" || v === "true"));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** PostgreSQL connections of the server's pool. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The load benchmark's SQL capture (db/client.ts); never set in production. */
  SQL_CAPTURE_FILE: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  DEMO_DATA: booleanFlag,
  DAILY_BACKUP: booleanFlag,
  // Hours, decimals allowed (0.5 = 30 min); at least one minute.
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(1 / 60)
    .max(24 * 365)
    .default(12),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  NODE_ENV: z.string().default("production"),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().default("Certidesk <no-reply@certidesk.local>"),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(500).default(25),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_REGION: z.string().default("eu-west-3"),
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  SIGNED_URL_SECRET: z.string().optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgPoolMax: number;
  sqlCaptureFile: string | undefined;
  publicUrl: string;
  /** Load demo data on an empty database: on by default on PGlite, off on PostgreSQL. */
  demoData: boolean;
  /** The embedded base's daily backup (modules/backups): on unless DAILY_BACKUP=0; never on PostgreSQL. */
  dailyBackup: boolean;
  /** Whole seconds, so the cookie's Max-Age and the database agree. */
  sessionTtlMs: number;
  /**
   * Which proxies may tell the client address through X-Forwarded-For (Fastify's trustProxy): false
   * by default, so nobody picks their own throttle bucket with a header.
   */
  trustProxy: TrustProxy;
  logLevel: string;
  webDist: string | undefined;
  /** Cookies marked Secure only when the public address is https (a plain http localhost must still work). */
  secureCookies: boolean;
  /** SMTP server as a URL (smtp://user:pass@host:587, smtps://…); unset: mails wait in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadMaxBytes: number;
  s3: import("./lib/storage/s3-storage.js").S3Options | undefined;
  /** Signs the short-lived document links; unset: a secret kept in DATA_DIR (see document-links.ts). */
  signedUrlSecret: string | undefined;
  /**
   * Check the JSON the database builds against the routes' response schemas (plugins/json-text.ts): in
   * the tests and whenever NODE_ENV is set to anything but "production"; a production server skips it.
   */
  verifyJsonText: boolean;
}

export type TrustProxy = boolean | number | string[];

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: empty, 0 or false = no proxy (the socket address counts); a whole number = that many
 * proxies in front; otherwise addresses or CIDR ranges separated by commas (and the keywords
 * loopback, linklocal, uniquelocal); `true` trusts any sender and is only safe when nothing reaches
 * the server except through the proxy.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = net.isIP(address ?? "");
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_KEYWORDS.has(entry) && (!family || !validBits || extra !== undefined)) {
      throw new Error(
        `Configuration invalide :\nTRUST_PROXY: « ${entry} » n'est ni un nombre de relais, ni une adresse IP, ni une plage CIDR.`,
      );
    }
  }
  return entries;
}

/** Every environment variable, parsed once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace: resolve relative paths from where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    sqlCaptureFile: e.SQL_CAPTURE_FILE,
    publicUrl,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    dailyBackup: (e.DAILY_BACKUP ?? true) && !e.DATABASE_URL,
    sessionTtlMs: Math.round(e.SESSION_TTL_HOURS * 3600) * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    secureCookies: publicUrl.startsWith("https://"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        }
      : undefined,
    signedUrlSecret: e.SIGNED_URL_SECRET,
    verifyJsonText: e.NODE_ENV !== "production",
  };
}
