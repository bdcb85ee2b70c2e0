import { describe, expect, it } from "vitest";
import { pipelineStage, stageCounts } from "./pipeline";

describe("pipelineStage", () => {
  it("is the last step reached with every step before it", () => {
    const agreement = { version: 1, at: "2026-11-27T10:00:00Z" };
    expect(pipelineStage({ qualification: "unstated", identity: "approved", agreement })).toBe("interest");
    expect(pipelineStage({ qualification: "qualified", identity: "submitted", agreement })).toBe("qualified");
    expect(pipelineStage({ qualification: "qualified", identity: "approved", agreement: null })).toBe("identity");
    expect(pipelineStage({ qualification: "qualified", identity: "approved", agreement })).toBe("agreement");
    // A signed reservation ends the path, with or without a confidentiality agreement; one waiting does not.
    const signed = { kind: "reservation", status: "signed", reference: "RA-00000001", at: "2026-11-28T10:00:00Z" } as const;
    expect(pipelineStage({ qualification: "qualified", identity: "approved", agreement: null, signing: signed })).toBe("signed");
    expect(pipelineStage({ qualification: "qualified", identity: "approved", agreement: null, signing: { ...signed, status: "awaiting" } })).toBe("identity");
  });
});

describe("stageCounts", () => {
  it("counts each investor at every stage up to theirs", () => {
    expect(stageCounts([{ stage: "interest" }, { stage: "identity" }, { stage: "agreement" }, { stage: "signed" }])).toEqual({ interest: 4, qualified: 3, identity: 3, agreement: 2, signed: 1 });
  });
});
