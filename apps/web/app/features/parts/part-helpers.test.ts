import { partListQuerySchema, staffPartListQuerySchema } from "@ems/contracts/parts";
import { describe, expect, it } from "vitest";

import { listApiParams, listHref, readListQuery, sortChange } from "~/lib/list-query";

import { PART_LIST, STAFF_PART_LIST } from "./part-helpers";

const COMPANY = "0b7f6a0e-3c1d-4e59-9a2b-5d8c7e6f1a20";
const PART = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

describe("the back office's parts list URL", () => {
  const read = (query: string) => readListQuery(new URLSearchParams(query), STAFF_PART_LIST);

  it("sorts as the API does when the address names no sort", () => {
    const defaults = staffPartListQuerySchema.parse({});
    expect(read("")).toMatchObject({ sort: defaults.sort, dir: defaults.dir });
    // The customer's own list starts elsewhere; each page keeps its API's order.
    const own = partListQuerySchema.parse({});
    expect(readListQuery(new URLSearchParams(""), PART_LIST)).toMatchObject({ sort: own.sort, dir: own.dir });
  });

  it("narrows to one customer by id and drops a malformed one", () => {
    expect(read(`company=${COMPANY}&type=ic&msl=3`).filters).toEqual({
      company: COMPANY,
      type: "ic",
      msl: "3",
    });
    expect(read("company=nordwind&type=valve").filters).toEqual({});
  });

  it("sends the API only what its query schema takes, not the open sheet", () => {
    const state = read(`company=${COMPANY}&type=capacitor&q=NW-0001&sort=part_number&page=2&part=${PART}`);
    const params = listApiParams(state, STAFF_PART_LIST);
    expect(params).not.toHaveProperty("part");
    expect(staffPartListQuerySchema.safeParse(params).success).toBe(true);
    expect(staffPartListQuerySchema.parse(params)).toMatchObject({
      company: COMPANY,
      type: "capacitor",
      q: "NW-0001",
      sort: "part_number",
      dir: "asc",
      page: 2,
    });
  });

  it("keeps a sort by part number in its links, since the list's default is the last change", () => {
    const byNumber = sortChange(read(""), STAFF_PART_LIST, "part_number");
    expect(byNumber).toEqual({ sort: "part_number", dir: "asc" });
    expect(listHref("/staff/parts", read(`company=${COMPANY}`), STAFF_PART_LIST, byNumber)).toBe(
      `/staff/parts?company=${COMPANY}&sort=part_number&dir=asc`,
    );
    expect(listHref("/staff/parts", read("sort=part_number&dir=asc"), STAFF_PART_LIST, { q: "NW" })).toBe(
      "/staff/parts?q=NW&sort=part_number&dir=asc",
    );
  });
});
