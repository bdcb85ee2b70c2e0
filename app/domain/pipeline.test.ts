import { describe, expect, it } from "vitest";
import { pipelineStage, stageCounts } from "./pipeline";

describe("pipelineStage", () => {
  it("is the last step reached with every step before it", () => {
    const agreement = { version: 1, at: "2026-11-27T10:00:00Z" };
    expect(pipelineStage({ qualification: "unstated", identity: "approved", agreement })).toBe("interest");
    expect(pipelineStage({ qualification: "qualified", identity: "submitted", agreement })).toBe("qualified");
    expect(pipelineStage({ qualification: "qualified", identity: "approved", agreement: null })).toBe("identity");
    expect(pipelineStage({ qualification: "qualified", identity: "approved", agreement })).toBe("agreement");
  });
});

describe("stageCounts", () => {
  it("counts each investor at every stage up to theirs", () => {
    expect(stageCounts([{ stage: "interest" }, { stage: "identity" }, { stage: "agreement" }])).toEqual({ interest: 3, qualified: 2, identity: 2, agreement: 1 });
  });
});
