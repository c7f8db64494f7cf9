import { QUERY_LIMITS } from "@ems/contracts/engineering-queries";
import { describe, expect, it } from "vitest";

import { ANSWER_REQUIRED, queryReplyForm, replyBodyOf } from "./query-form";

const QUERY = "6f1c2b1e-7d0a-4c51-9a7e-0c1b2d3e4f50";
const FILE = "0b7a5e43-2f4c-4d8e-9a61-5c3b2a1f0e9d";

describe("the answer form", () => {
  it("takes an offered answer alone, and sends it with the version the query was read at", () => {
    const parsed = queryReplyForm.parse({ query_id: QUERY, expected_version: 3, option_index: 1 });
    expect(replyBodyOf(parsed)).toEqual({ expected_version: 3, option_index: 1, attachment_ids: [] });
  });

  it("takes the customer's own words alone, trimmed, with files", () => {
    const parsed = queryReplyForm.parse({
      query_id: QUERY,
      expected_version: 1,
      body: "  Keep D1 as on the silkscreen.  ",
      attachment_ids: [FILE],
    });
    expect(replyBodyOf(parsed)).toEqual({
      expected_version: 1,
      body: "Keep D1 as on the silkscreen.",
      attachment_ids: [FILE],
    });
  });

  it("refuses neither an option nor words, at the answer field, with its own code", () => {
    const result = queryReplyForm.safeParse({ query_id: QUERY, expected_version: 1, body: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["body"], message: ANSWER_REQUIRED }),
    ]);
  });

  it("refuses what the API refuses: too long an answer, too many files, a file twice", () => {
    const base = { query_id: QUERY, expected_version: 1, option_index: 0 };
    expect(queryReplyForm.safeParse({ ...base, body: "x".repeat(QUERY_LIMITS.replyMax + 1) }).success).toBe(
      false,
    );
    const files = Array.from(
      { length: QUERY_LIMITS.attachmentsMax + 1 },
      (_, i) => `0b7a5e43-2f4c-4d8e-9a61-5c3b2a1f0e${String(i).padStart(2, "0")}`,
    );
    expect(queryReplyForm.safeParse({ ...base, attachment_ids: files }).success).toBe(false);
    const twice = queryReplyForm.safeParse({ ...base, attachment_ids: [FILE, FILE] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.path).toEqual(["attachment_ids"]);
  });

  it("refuses an option index beyond what any query offers and a missing query", () => {
    expect(
      queryReplyForm.safeParse({
        query_id: QUERY,
        expected_version: 1,
        option_index: QUERY_LIMITS.optionsMax,
      }).success,
    ).toBe(false);
    expect(queryReplyForm.safeParse({ expected_version: 1, option_index: 0 }).success).toBe(false);
  });
});
