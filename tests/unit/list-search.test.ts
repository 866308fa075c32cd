import { describe, expect, it } from "vitest";
import {
  choiceFilter,
  flagFilter,
  idFilter,
  keptQuery,
  listKeys,
  parseListSearch,
  valueFilter,
} from "../../app/utils/list-search";
import { apiPagingSchema } from "../../app/utils/api.server";

const q = (query: string) => new URLSearchParams(query);
const STATUSES = ["open", "in-progress", "done"] as const;
const status = { status: choiceFilter(STATUSES) };

describe("parseListSearch", () => {
  it("reads an empty query as the first page, nothing filtered", () => {
    expect(parseListSearch(q(""))).toEqual({
      search: "",
      page: 1,
      limit: 50,
      offset: 0,
      pageSize: 50,
      filtered: false,
    });
  });

  it("cuts the search to 200 characters and pages by 50", () => {
    const list = parseListSearch(q(`search=${"a".repeat(300)}&page=3`));
    expect(list.search).toHaveLength(200);
    expect(list).toMatchObject({ page: 3, limit: 50, offset: 100, filtered: true });
  });

  it.each([
    ["0", 1],
    ["-4", 1],
    ["abc", 1],
    ["", 1],
    ["2.9", 2],
    ["7x", 7],
    ["100000", 100_000],
    ["999999999", 100_000],
  ])("clamps page=%s to %i", (page, expected) => {
    expect(parseListSearch(q(`page=${page}`)).page).toBe(expected);
  });

  it("takes a known status, and reads '', 'all', absent and unknown values as no filter", () => {
    expect(parseListSearch(q("status=in-progress"), status)).toMatchObject({ status: "in-progress", filtered: true });
    for (const none of ["", "status=", "status=all", "status=bogus", "status=ALL"])
      expect(parseListSearch(q(none), status)).toMatchObject({ status: "", filtered: false });
  });

  it("reads flags, ids, values and choices with a fallback", () => {
    const filters = {
      unread: flagFilter,
      resourceId: idFilter,
      date: valueFilter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v)),
      view: choiceFilter(["week", "month"] as const, "week"),
    };
    expect(parseListSearch(q("unread=1&resourceId=12&date=2026-05-01&view=month"), filters)).toMatchObject({
      unread: true,
      resourceId: 12,
      date: "2026-05-01",
      view: "month",
    });
    expect(parseListSearch(q("unread=yes&resourceId=0&date=tomorrow&view=year"), filters)).toMatchObject({
      unread: false,
      resourceId: null,
      date: "",
      view: "week",
    });
    expect(parseListSearch(q("resourceId=2147483648"), filters).resourceId).toBeNull();
  });
});

describe("keptQuery", () => {
  const keys = listKeys({ status: choiceFilter(STATUSES), type: choiceFilter(["a"]) });

  it("keeps the list's own parameters in a fixed order, drops the rest and empties", () => {
    expect(keys).toEqual(["search", "status", "type", "page"]);
    expect(keptQuery(q("page=2&email=5&status=done&search=oak&type="), keys)).toBe("?search=oak&status=done&page=2");
    expect(keptQuery(q("email=5"), keys)).toBe("");
  });

  it("sets and removes parameters", () => {
    expect(keptQuery(q("search=oak&page=2"), keys, { page: null, email: "7" })).toBe("?search=oak&email=7");
  });
});

describe("apiPagingSchema (/api listParams)", () => {
  const schema = apiPagingSchema({ maxLimit: 1000 });

  it("defaults and caps limit and offset", () => {
    expect(schema.parse({ limit: null, offset: null })).toEqual({ limit: 1000, offset: 0 });
    expect(schema.parse({ limit: "5000", offset: "20" })).toEqual({ limit: 1000, offset: 20 });
    expect(apiPagingSchema({ maxLimit: 200, defaultLimit: 50 }).parse({})).toEqual({ limit: 50, offset: 0 });
  });

  it("refuses anything but digits with the parameter's name", () => {
    const result = schema.safeParse({ limit: "-1", offset: "0" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("limit must be a non-negative integer");
    expect(schema.safeParse({ offset: "1e3" }).error?.issues[0].message).toBe("offset must be a non-negative integer");
  });
});
