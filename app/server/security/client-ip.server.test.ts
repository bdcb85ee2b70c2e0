import { describe, expect, it } from "vitest";
import { limitKeyForIp } from "./client-ip.server";

describe("limitKeyForIp", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(limitKeyForIp("203.0.113.7")).toBe("203.0.113.7");
    expect(limitKeyForIp("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("groups IPv6 addresses by their /64", () => {
    expect(limitKeyForIp("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(limitKeyForIp("2001:DB8:1:2:ffff::1")).toBe("2001:db8:1:2::/64");
    expect(limitKeyForIp("2001:0db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitKeyForIp("::1")).toBe("0:0:0:0::/64");
  });
  it("names a missing address", () => {
    expect(limitKeyForIp("")).toBe("unknown");
  });
});
