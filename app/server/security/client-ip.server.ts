import { CLIENT_IP_HEADER } from "./better-auth.server";

/**
 * An address as a rate-limit key: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64,
 * the block one household or one server gets, so rotating through it buys nothing.
 */
export function limitKeyForIp(address: string): string {
  const raw = address.trim().toLowerCase();
  const ip = raw.startsWith("::ffff:") && raw.includes(".") ? raw.slice("::ffff:".length) : raw;
  if (!ip.includes(":")) return ip || "unknown";
  const [head = "", tail] = ip.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The limit key of the client Express identified (see express-app.server.ts), from the request's headers. */
export function clientKeyOf(headers: Headers): string {
  return limitKeyForIp(headers.get(CLIENT_IP_HEADER) ?? "");
}
