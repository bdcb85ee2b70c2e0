import type { LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { isPublicAddress, OutboundError, outboundFetch, type OutboundPolicy } from "./outbound.server";

/**
 * The guard on requests to typed addresses (issue 52, item 2), against small servers on
 * this machine: each address class refused before anything is sent, a name looked up once
 * where the socket connects, redirects refused, answers bounded in size and time.
 */

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server on 127.0.0.1 answering with `handler`, and the requests it has had. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, seen };
}

const policy = (overrides: Partial<OutboundPolicy> = {}): OutboundPolicy => ({ allowPrivateAddresses: false, maxBytes: 64 * 1024, timeoutMs: 5_000, ...overrides });
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as OutboundError);

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, metadata, multicast, reserved and documentation ranges, IPv4 and IPv6", () => {
    const inside = [
      ...["127.0.0.1", "127.255.255.254", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "169.254.0.1", "100.64.0.1", "100.100.100.200"],
      ...["0.0.0.0", "0.1.2.3", "224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1", "192.0.0.8", "192.0.2.1", "198.51.100.1", "203.0.113.1", "198.18.0.1"],
      ...["::1", "::", "fe80::1", "fe80::1%eth0", "fc00::1", "fd00:ec2::254", "ff02::1", "fec0::1", "100::1", "2001:db8::1", "2001::1", "2002:7f00:1::1"],
      // IPv4 inside IPv6: mapped, compatible, translated, and NAT64 carrying a private address.
      ...["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1", "::ffff:0:7f00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::"],
      // Not addresses at all.
      ...["localhost", "", "127.1", "[::1]x"],
    ];
    for (const address of inside) expect(isPublicAddress(address), address).toBe(false);
    const outside = ["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2a00:1450:4001:80b::200e", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "[2606:4700::1111]"];
    for (const address of outside) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("outboundFetch", () => {
  it("refuses an address of this machine however it is written, and plain http, before anything is sent", async () => {
    const { port, seen } = await serve((_, response) => response.end("inside"));
    const send = outboundFetch(policy());
    for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "2130706433", "0x7f.1", "0", "[::1]"]) {
      expect((await refusal(send(`https://${host}:${port}/`)))?.kind, host).toBe("address");
    }
    expect((await refusal(send("https://169.254.169.254/latest/meta-data/")))?.kind).toBe("address");
    expect((await refusal(send(`http://127.0.0.1:${port}/`)))?.kind).toBe("scheme");
    expect((await refusal(send(`http://calendar.example.com/`)))?.kind).toBe("scheme");
    expect((await refusal(send(`https://user:secret@calendar.example.com/`)))?.kind).toBe("scheme");
    expect(seen).toHaveLength(0);
  });

  it("refuses a name that resolves to loopback, from the system's own resolver, with nothing sent", async () => {
    const { port, seen } = await serve((_, response) => response.end("inside"));
    const refused = await refusal(outboundFetch(policy())(`https://localhost:${port}/`));
    expect(refused).toBeInstanceOf(OutboundError);
    expect(refused!.kind).toBe("address");
    expect(refused!.message).toMatch(/^localhost resolves to .*(127\.0\.0\.1|::1).*, not a public address$/);
    expect(seen).toHaveLength(0);
  });

  it("looks a name up once, where the socket connects, and connects to the address it checked", async () => {
    const { port, seen } = await serve((_, response) => response.end("reached"));
    const asked: string[] = [];
    /** A stand-in for the DNS: the name's addresses, each answer counted. */
    const dns = (answers: Record<string, string[]>): OutboundPolicy["resolve"] =>
      ((hostname: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
        asked.push(hostname);
        callback(null, (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));
      }) as unknown as OutboundPolicy["resolve"];

    // A public-looking name that points inside: refused, however its other addresses look.
    const resolve = dns({ "calendar.example.com": ["127.0.0.1"], "mixed.example.com": ["93.184.215.14", "10.0.0.7"], "metadata.example.com": ["169.254.169.254"] });
    const send = outboundFetch(policy({ resolve }));
    for (const name of ["calendar.example.com", "mixed.example.com", "metadata.example.com"]) {
      const refused = await refusal(send(`https://${name}:${port}/`));
      expect(refused?.kind, name).toBe("address");
    }
    expect((await refusal(send(`https://mixed.example.com:${port}/`)))?.message).toBe("mixed.example.com resolves to 10.0.0.7, not a public address");
    expect(seen).toHaveLength(0);

    // Where this machine may be reached (tests): the socket goes to what the lookup answered, asked once.
    asked.length = 0;
    const response = await outboundFetch(policy({ allowPrivateAddresses: true, resolve }))(`http://calendar.example.com:${port}/work/`);
    expect(await response.text()).toBe("reached");
    expect(asked).toEqual(["calendar.example.com"]);
    expect(seen.map((r) => r.headers.host)).toEqual([`calendar.example.com:${port}`]);
  });

  it("answers as fetch does: status, headers, body and address", async () => {
    const { port, seen } = await serve((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        response.writeHead(207, { "Content-Type": "application/xml; charset=utf-8", ETag: '"1"' });
        response.end(`<multistatus xmlns="DAV:"><echo>${body}</echo></multistatus>`);
      });
    });
    const url = `http://127.0.0.1:${port}/karwan/work/`;
    const response = await outboundFetch(policy({ allowPrivateAddresses: true }))(url, { method: "PROPFIND", headers: { Depth: "0", Authorization: "Basic a2Fyd2FuOng=" }, body: "<propfind/>" });
    expect(response.status).toBe(207);
    expect(response.headers.get("etag")).toBe('"1"');
    expect(response.url).toBe(url);
    expect(await response.text()).toBe('<multistatus xmlns="DAV:"><echo><propfind/></echo></multistatus>');
    expect(seen[0]!.method).toBe("PROPFIND");
    expect(seen[0]!.headers).toMatchObject({ depth: "0", authorization: "Basic a2Fyd2FuOng=", "content-length": "11", "accept-encoding": "identity" });
  });

  it("refuses a redirect, to this machine or anywhere, and never follows it", async () => {
    const target = await serve((_, response) => response.end("secret"));
    const send = outboundFetch(policy({ allowPrivateAddresses: true }));
    for (const status of [301, 302, 303, 307, 308]) {
      const { port } = await serve((_, response) => {
        response.writeHead(status, { Location: `http://127.0.0.1:${target.port}/latest/meta-data/` });
        response.end();
      });
      const refused = await refusal(send(`http://127.0.0.1:${port}/calendar/`, { method: "PROPFIND" }));
      expect(refused?.kind, String(status)).toBe("redirect");
      expect(refused?.message).toBe(`answered ${status} to http://127.0.0.1:${target.port}/latest/meta-data/: redirects are not followed`);
    }
    expect(target.seen).toHaveLength(0);
  });

  it("cuts off an answer larger than its bound, announced or not, and stops reading it", async () => {
    let closed = 0;
    const endless = await serve((_, response) => {
      response.on("close", () => closed++);
      const chunk = Buffer.alloc(16 * 1024, "x");
      const write = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", write);
      };
      write();
    });
    const announced = await serve((_, response) => {
      response.writeHead(200, { "Content-Length": String(10 * 1024 * 1024) });
      response.write("x");
    });
    const send = outboundFetch(policy({ allowPrivateAddresses: true, maxBytes: 256 * 1024 }));
    const streamed = await refusal(send(`http://127.0.0.1:${endless.port}/`));
    expect(streamed?.kind).toBe("too-large");
    expect(streamed?.message).toBe("sent more than 262144 bytes");
    await expect.poll(() => closed).toBe(1);
    const declared = await refusal(send(`http://127.0.0.1:${announced.port}/`));
    expect(declared?.kind).toBe("too-large");
    expect(declared?.message).toBe("announced 10485760 bytes, more than 262144");
  });

  it("gives up on an answer that is too slow, before its headers or in its body", async () => {
    const silent = await serve(() => {});
    const trickle = await serve((_, response) => {
      response.writeHead(207, { "Content-Type": "application/xml" });
      response.write("<multistatus>");
    });
    const send = outboundFetch(policy({ allowPrivateAddresses: true, timeoutMs: 300 }));
    for (const port of [silent.port, trickle.port]) {
      const refused = await refusal(send(`http://127.0.0.1:${port}/`));
      expect(refused?.kind).toBe("timeout");
      expect(refused?.message).toBe("no complete answer within 300 ms");
    }
  });

  it("says only that a closed port could not be reached", async () => {
    const { port } = await serve(() => {});
    servers.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await refusal(outboundFetch(policy({ allowPrivateAddresses: true }))(`http://127.0.0.1:${port}/`));
    expect(refused?.kind).toBe("network");
    expect(refused?.message).toBe("could not be reached (ECONNREFUSED)");
  });
});
