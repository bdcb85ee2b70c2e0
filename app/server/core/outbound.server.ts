import dns, { type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Requests to an address someone typed (DESIGN.md's security baseline; issue 52, item 2:
 * advisers' CalDAV calendars). A typed address must not reach the firm's own network: the
 * name is resolved once, at connection time, inside the connection's own lookup, and the
 * connection is refused unless every address it names is a public one; the socket then
 * goes to an address that was checked (no second lookup, so no DNS rebinding in between),
 * and its peer is checked once more when it connects. Redirects are not followed (a 3xx is
 * refused), an answer may have at most `maxBytes` and the whole exchange takes at most
 * `timeoutMs`. What went wrong is an OutboundError for the log, never for the person who
 * typed the address.
 */

export type OutboundFailure = "address" | "scheme" | "redirect" | "too-large" | "timeout" | "network";

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundError";
  }
}

export interface OutboundPolicy {
  /**
   * Whether loopback and private addresses may be reached: tests against a server on this
   * machine only (CALDAV_ALLOW_PRIVATE_ADDRESSES, which production refuses). Plain http is
   * allowed only then too.
   */
  allowPrivateAddresses: boolean;
  /** The most bytes an answer's body may have. */
  maxBytes: number;
  /** How long one request may take, from resolving the name to the answer's last byte. */
  timeoutMs: number;
  /** Name resolution; dns.lookup unless a test stands in for the DNS. */
  resolve?: typeof dns.lookup;
}

/**
 * Addresses no typed address may reach (IANA's special-purpose registries): this host,
 * private networks, link-local (with the clouds' metadata at 169.254.169.254 and
 * fd00:ec2::254), shared address space (CGNAT, and Alibaba's metadata at 100.100.100.200),
 * documentation, benchmarking, multicast, reserved and broadcast. IPv4 rules also catch
 * IPv4-mapped IPv6 addresses (::ffff:127.0.0.1); IPv4-compatible (::127.0.0.1) and
 * IPv4-translated (::ffff:0:127.0.0.1) ones, 6to4 and Teredo are refused whole, and NAT64 (64:ff9b::/96) is judged by the IPv4 address it
 * carries.
 */
const REFUSED_IPV4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const REFUSED_IPV6: [string, number][] = [
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const refused = new net.BlockList();
for (const [address, prefix] of REFUSED_IPV4) refused.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of REFUSED_IPV6) refused.addSubnet(address, prefix, "ipv6");
const nat64 = new net.BlockList();
nat64.addSubnet("64:ff9b::", 96, "ipv6");

/** Whether an address (IPv4 or IPv6, with or without a zone) is a public one a typed address may reach. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return false;
  if (family === 6 && nat64.check(bare, "ipv6")) return isPublicAddress(embeddedIpv4(bare));
  return !refused.check(bare, family === 4 ? "ipv4" : "ipv6");
}

/** The IPv4 address in an IPv6 address's last 32 bits (its canonical form ends in two hex groups, or in "::"). */
function embeddedIpv4(address: string): string {
  const groups = new URL(`http://[${address}]/`).hostname.slice(1, -1).split(":");
  const [high, low] = [groups.at(-2), groups.at(-1)].map((g) => Number.parseInt(g || "0", 16));
  return [high! >> 8, high! & 255, low! >> 8, low! & 255].join(".");
}

const allowed = (address: string, policy: OutboundPolicy) => policy.allowPrivateAddresses || isPublicAddress(address);

/**
 * The connection's own name lookup: every address the name resolves to must be allowed, or
 * the connection is refused (a name that also points inside is not trusted for its public
 * half). The socket connects to what this answers, so what was checked is what is reached.
 */
function checkedLookup(policy: OutboundPolicy): net.LookupFunction {
  const resolve = policy.resolve ?? dns.lookup;
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      const addresses = found as unknown as LookupAddress[];
      if (error) return callback(error, "", 4);
      const inside = addresses.filter((a) => !allowed(a.address, policy));
      if (addresses.length === 0 || inside.length > 0) {
        const refusal = new OutboundError("address", `${hostname} resolves to ${inside.map((a) => a.address).join(", ") || "nothing"}, not a public address`);
        return callback(refusal as NodeJS.ErrnoException, "", 4);
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Statuses whose answer has no body (the Response constructor refuses one for them). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * A fetch for one typed address's requests, under `policy`: the same shape as the global
 * fetch (tsdav takes it), made on node's http and https with the checked lookup. A refusal,
 * a failure to connect, a timeout or an answer too large rejects with an OutboundError.
 */
export function outboundFetch(policy: OutboundPolicy): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const lookup = checkedLookup(policy);
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!(url.protocol === "https:" || (url.protocol === "http:" && policy.allowPrivateAddresses))) throw new OutboundError("scheme", `${url.protocol} is not allowed (https only)`);
    if (url.username || url.password) throw new OutboundError("scheme", "credentials in the address are not allowed");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // An address written as such is not looked up by the socket: it is checked here.
    if (net.isIP(host) && !allowed(host, policy)) throw new OutboundError("address", `${host} is not a public address`);
    const body = bodyOf(init.body);
    const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
    headers["accept-encoding"] = "identity";
    if (body) headers["content-length"] = String(body.byteLength);

    return new Promise<Response>((resolve, reject) => {
      if (init.signal?.aborted) return reject(new OutboundError("timeout", "the request was abandoned", { cause: init.signal.reason }));
      const request = (url.protocol === "https:" ? https : http).request({
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? "GET",
        headers,
        lookup,
        // A connection of its own each time: never a kept-alive socket of another address's.
        agent: false,
      });
      let settled = false;
      const finish = (error: Error | null, response?: Response) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        init.signal?.removeEventListener("abort", onAbort);
        if (error) {
          request.destroy();
          reject(error);
        } else resolve(response!);
      };
      const timer = setTimeout(() => finish(new OutboundError("timeout", `no complete answer within ${policy.timeoutMs} ms`)), policy.timeoutMs);
      const onAbort = () => finish(new OutboundError("timeout", "the request was abandoned", { cause: init.signal?.reason }));
      init.signal?.addEventListener("abort", onAbort, { once: true });
      request.on("socket", (socket) => {
        socket.once("connect", () => {
          const peer = socket.remoteAddress ?? "";
          if (!allowed(peer, policy)) finish(new OutboundError("address", `connected to ${peer}, not a public address`));
        });
      });
      request.on("error", (error) => finish(error instanceof OutboundError ? error : new OutboundError("network", `could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`, { cause: error })));
      request.on("response", (answer) => readAnswer(answer, url, policy, finish));
      request.end(body);
    });
  };
}

/** The request's body as bytes (tsdav sends text). */
function bodyOf(body: RequestInit["body"]): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError("outboundFetch sends text or bytes only");
}

/** Reads an answer into a Response: no redirect, at most `maxBytes`. */
function readAnswer(answer: IncomingMessage, url: URL, policy: OutboundPolicy, finish: (error: Error | null, response?: Response) => void): void {
  const status = answer.statusCode ?? 0;
  if (status >= 300 && status < 400 && status !== 304) {
    answer.resume();
    return finish(new OutboundError("redirect", `answered ${status} to ${String(answer.headers.location ?? "nowhere").slice(0, 300)}: redirects are not followed`));
  }
  if (status < 200 || status > 599) return finish(new OutboundError("network", `answered status ${status}`));
  const declared = Number(answer.headers["content-length"]);
  if (declared > policy.maxBytes) return finish(new OutboundError("too-large", `announced ${declared} bytes, more than ${policy.maxBytes}`));
  const chunks: Buffer[] = [];
  let size = 0;
  answer.on("data", (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > policy.maxBytes) finish(new OutboundError("too-large", `sent more than ${policy.maxBytes} bytes`));
    else chunks.push(chunk);
  });
  answer.on("error", (error) => finish(new OutboundError("network", `the answer broke off (${error.message})`, { cause: error })));
  answer.on("aborted", () => finish(new OutboundError("network", "the answer broke off")));
  answer.on("end", () => {
    const headers = new Headers();
    for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
      try {
        headers.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
      } catch {
        // A header the fetch API cannot hold is left out.
      }
    }
    const response = new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: answer.statusMessage ?? "", headers });
    // As fetch's would: tsdav reads the address an answer came from.
    Object.defineProperty(response, "url", { value: url.toString() });
    finish(null, response);
  });
}
