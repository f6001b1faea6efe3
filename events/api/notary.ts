/**
 * Notarisation (存证公证) and rights confirmation (确权): the gateway's `notary.*` methods
 * (worker/notary/methods.ts), the public verify page and the chain explorer summary. Shared by the Worker,
 * the screens (web/notary/) and the tests.
 *
 * An application names the record it is about (`id`: a file record, usually uploaded with
 * `notary.upload`), its reason and module. Handling it appends `notary.notarised` to the application's
 * stream, carrying the anchor of the subject (its stream, version and chain hash, and the sha256 of its
 * bytes); the transaction hash (`txHash`) is the chain value of that event. Verification recomputes both
 * chains from the events and compares them with what was anchored.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

export const notaryKinds = ["notary", "confirm"] as const;
export type NotaryKind = (typeof notaryKinds)[number];
export const notaryStatuses = ["applied", "notarised", "refused"] as const;
export type NotaryStatus = (typeof notaryStatuses)[number];

/** Permission tags (the menu entries /bt/notarization and /bt/confirmation carry them). */
export const notaryTags = { list: "bt:notary:list", apply: "bt:notary:apply", handle: "bt:notary:handle" } as const;

/** The public verify page (HTML; `?format=json` answers the report in the envelope). */
export const verifyPath = "/notary/verify";
export const verifyPageUrl = (applicationNo: string) => `/api${verifyPath}/${encodeURIComponent(applicationNo)}`;
/** The chain explorer summary and the request header naming the chain asked about. */
export const explorerPath = "/explorer-b";
export const chainInfoHeader = "chain-info";
/** `all`: the whole log; `notary`: the notarisation streams. */
export const chainScopes = ["all", "notary"] as const;

export const applicationNo = lazySchema(() => z.string().trim().regex(/^(NT|QQ)\d{12}$/, "an application number such as NT202611280001"));

export const notaryRow = lazySchema(() => z.strictObject({
  applicationNo: z.string(),
  kind: z.enum(notaryKinds),
  subjectId: z.string(),
  subjectName: z.string(),
  reason: z.string(),
  moduleCode: z.string().nullable(),
  applicantName: z.string().nullable(),
  userCode: z.string().nullable(),
  status: z.enum(notaryStatuses),
  applyTime: z.string(),
  /** notarised or confirmed (notaryTime / confirmTime) */
  handleTime: z.string().nullable(),
  handlerName: z.string().nullable(),
  refuseReason: z.string().nullable(),
  txHash: z.string().nullable(),
  sha256: z.string().nullable(),
}));
export type NotaryRow = z.infer<typeof notaryRow>;

/** One link of a chain as verification recomputes it. */
export const chainLinkRow = lazySchema(() => z.strictObject({
  version: z.number().int(),
  type: z.string(),
  at: z.string(),
  previous: z.string(),
  stored: z.string(),
  computed: z.string(),
  ok: z.boolean(),
}));
export type ChainLinkRow = z.infer<typeof chainLinkRow>;

export const verifyReport = lazySchema(() => z.strictObject({
  applicationNo: z.string(),
  kind: z.enum(notaryKinds),
  status: z.enum(notaryStatuses),
  subjectName: z.string(),
  handleTime: z.string().nullable(),
  txHash: z.string().nullable(),
  /** every check passed (an application not yet notarised is never valid) */
  valid: z.boolean(),
  checks: z.strictObject({
    /** the application's stream recomputes link by link */
    notaryChain: z.boolean(),
    /** the transaction hash kept on the record is the chain value of the notarising event */
    anchor: z.boolean(),
    /** the subject's stream recomputes up to the anchored version and reaches the anchored hash */
    subjectChain: z.boolean(),
    /** the subject's stored bytes still hash to the anchored sha256 */
    subjectContent: z.boolean(),
  }),
  path: z.strictObject({ notary: z.array(chainLinkRow), subject: z.array(chainLinkRow) }),
  subjectStream: z.string().nullable(),
  anchoredVersion: z.number().int().nullable(),
}));
export type VerifyReport = z.infer<typeof verifyReport>;

export const explorerSummary = lazySchema(() => z.strictObject({
  chain: z.enum(chainScopes),
  events: z.number().int(),
  streams: z.number().int(),
  latest: z.array(z.strictObject({ position: z.number().int(), stream: z.string(), version: z.number().int(), type: z.string(), at: z.string(), hash: z.string() })),
  verification: z.strictObject({
    streamsChecked: z.number().int(),
    eventsChecked: z.number().int(),
    valid: z.boolean(),
    broken: z.array(z.strictObject({ stream: z.string(), brokenAt: z.number().int() })),
  }),
}));
export type ExplorerSummary = z.infer<typeof explorerSummary>;
