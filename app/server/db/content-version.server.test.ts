import { describe, expect, it } from "vitest";
import { coalesce } from "./content-version.server";

/** A read whose answers are released by hand, counting how many began. */
function manualRead() {
  const pending: Array<{ resolve: (v: number) => void; reject: (e: Error) => void }> = [];
  let started = 0;
  const read = () => {
    started += 1;
    return new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { read, started: () => started, pending };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("coalesce", () => {
  it("answers every call with a read that began after it: calls during a read share the next one", async () => {
    const m = manualRead();
    const get = coalesce(m.read);
    const first = get();
    expect(m.started()).toBe(1);
    // Made while the first read runs: its answer may predate them, so they wait for the next.
    const second = get();
    const third = get();
    expect(m.started()).toBe(1);
    m.pending[0]!.resolve(1);
    expect(await first).toBe(1);
    await tick();
    expect(m.started()).toBe(2);
    // Made while the second read runs: a third read, not the second's answer.
    const fourth = get();
    m.pending[1]!.resolve(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    await tick();
    expect(m.started()).toBe(3);
    m.pending[2]!.resolve(3);
    expect(await fourth).toBe(3);
    // Idle again: the next call reads at once.
    const fifth = get();
    expect(m.started()).toBe(4);
    m.pending[3]!.resolve(4);
    expect(await fifth).toBe(4);
  });

  it("passes a failed read's error to its callers only; the waiting calls still get the next read", async () => {
    const m = manualRead();
    const get = coalesce(m.read);
    const failing = get();
    const waiting = get();
    m.pending[0]!.reject(new Error("database away"));
    await expect(failing).rejects.toThrow("database away");
    await tick();
    m.pending[1]!.resolve(7);
    expect(await waiting).toBe(7);
  });
});
