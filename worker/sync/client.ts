/**
 * The adapter's HTTP client for the enterprise-credit API (events/syn/protocol.ts): a real `fetch` with a
 * timeout per attempt, retries with exponential backoff and jitter on timeouts, network errors, 5xx, 429 and
 * malformed pages, and no retry on an upstream refusal or another 4xx (retrying cannot help those). After the
 * last attempt the error goes up: the run keeps its cursor and tries the page again on a later tick.
 */
import { MalformedPage, UpstreamRefusal, pageUrl, parsePage, type PageRequest, type ParsedPage } from "../../events/syn/protocol.ts";

export type Fetcher = (request: Request) => Promise<Response>;

export interface SourceClient {
  /** the synSource dictionary code records get ("cisp", or "builtin" for the offline source) */
  sourceCode: string;
  base: string;
  key?: string;
  fetcher: Fetcher;
  /** an in-process source (the built-in one) answers a page already parsed, without a request, a response or a body to parse */
  read?: (request: PageRequest) => Promise<ParsedPage>;
  timeoutMs: number;
  /** items per page asked for (`range`; the protocol allows up to 500) */
  pageSize: number;
  attempts: number;
  /** the wait before attempt `n` (2, 3…), in ms */
  backoff: (attempt: number) => number;
  sleep: (ms: number) => Promise<void>;
}

export const defaultBackoff = (attempt: number) => Math.min(8_000, 250 * 2 ** (attempt - 2)) * (0.5 + Math.random() / 2);
export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A page could not be read after every attempt; `retryable` says whether a later tick may try again. */
export class PageFailed extends Error {
  override name = "PageFailed";
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

class Retryable extends Error {}

async function attempt(client: SourceClient, request: PageRequest): Promise<ParsedPage> {
  if (client.read) return client.read(request);
  const headers: Record<string, string> = { accept: "application/json" };
  if (client.key) headers.authorization = `AppKey ${client.key}`;
  let response: Response;
  try {
    response = await client.fetcher(new Request(pageUrl(client.base, request), { headers, signal: AbortSignal.timeout(client.timeoutMs) }));
  } catch (error) {
    throw new Retryable(error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? `timed out after ${client.timeoutMs} ms` : `network error: ${String(error)}`);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new Retryable(`HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new UpstreamRefusal(String(response.status), `HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) throw new Retryable(`timed out after ${client.timeoutMs} ms`);
    throw new Retryable("malformed page: the body is not JSON");
  }
  return parsed(request, body);
}

function parsed(request: PageRequest, body: unknown): ParsedPage {
  try {
    return parsePage(request, body);
  } catch (error) {
    if (error instanceof MalformedPage) throw new Retryable(`malformed page: ${error.message}`);
    throw error;
  }
}

export async function fetchPage(client: SourceClient, request: PageRequest): Promise<ParsedPage> {
  let last = "";
  for (let n = 1; n <= client.attempts; n++) {
    if (n > 1) await client.sleep(client.backoff(n));
    try {
      return await attempt(client, request);
    } catch (error) {
      if (error instanceof UpstreamRefusal) throw new PageFailed(error.message, false);
      if (!(error instanceof Retryable)) throw error;
      last = error.message;
    }
  }
  throw new PageFailed(`${request.product}/${request.array} page ${request.pageNo}: ${last} (after ${client.attempts} attempts)`, true);
}
