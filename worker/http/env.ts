/** Bindings and per-request variables of the Hono app. */
import type { Lang } from "../../events/i18n.ts";
import type { EventStore } from "../store/index.ts";

export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  /** inactivity lifetime of a session in seconds (the spec's 6000) */
  SESSION_TTL_SECONDS?: string;
  /** only the explicit value "false" turns the captcha off (automated tests) */
  CAPTCHA_ENABLED?: string;
  PORTAL_OA_SECRET?: string;
  PORTAL_PF_SECRET?: string;
  /** signs the forms' fill-in links (/vueedit?token=…); a Worker secret, a local demo value in .dev.vars */
  FORM_LINK_SECRET?: string;
  /** the platform's did:web signing key: an Ed25519 private key as a JWK (a Worker secret; locally .dev.vars.local, made by scripts/dev-key.ts) */
  DID_SIGNING_KEY?: string;
  /** the host (and port) serving /.well-known/did.json: the platform is did:web:<host> */
  DID_HOST?: string;
  /** calls a minute per client address on the public routes that do real work (RouteSpec.limitPerClient) */
  PUBLIC_LIMIT?: RateLimit;
  /** the sync runs' durable execution (Cloudflare Workflows; worker/sync/workflow.ts) */
  SYNC_WORKFLOW?: Workflow<{ runIds: string[] }>;
  /** the evaluation runs' durable execution (worker/evaluation/workflow.ts) */
  EVALUATION_WORKFLOW?: Workflow<{ runId: string }>;
  /** base URL of the enterprise-credit API the synchronised lists read; unset: see SYN_SOURCE */
  SYN_SOURCE_URL?: string;
  /** "builtin": without SYN_SOURCE_URL, read the built-in offline sample source (local runs, tests, benches; never a deployment). Otherwise nothing syncs without a URL */
  SYN_SOURCE?: string;
  /** its app key (a Worker secret) */
  SYN_SOURCE_KEY?: string;
  /** items per page asked for (default and most 500) */
  SYN_SOURCE_PAGE_SIZE?: string;
  /** timeout of one page request in ms (default 10000) */
  SYN_SOURCE_TIMEOUT_MS?: string;
  /** base URL of an external credit bureau the credit query forwards to (events/api/credit.ts); unset: our own data */
  CREDIT_BUREAU_URL?: string;
  /** its key (a Worker secret), sent as a bearer token */
  CREDIT_BUREAU_KEY?: string;
  /** the bureau's name as reports show their source (default: its host) */
  CREDIT_BUREAU_NAME?: string;
  /** timeout of one bureau request in ms (default 10000) */
  CREDIT_BUREAU_TIMEOUT_MS?: string;
}

/** The signed-in user as every guarded route sees it. */
export interface Actor {
  token: string;
  id: string;
  userNo: string;
  name: string;
  admin: boolean;
  permissions: Set<string>;
  /** the roles held (candidate groups of workflow tasks, views shared with roles) */
  roleIds: string[];
  user: Record<string, unknown>;
}

/** `store` is the event store the composition root bound to every module's projections. */
export type AppEnv = { Bindings: Env; Variables: { lang: Lang; requestId: string; actor: Actor | null; store: EventStore } };
