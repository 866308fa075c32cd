// The server's route matching is computed once per route tree (docs/decisions/route-matching-cache.md):
// patch-package applies its patches on `npm install`; matching and loaders must answer exactly as before.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// The CommonJS build: what Node loads on the server (the browser bundle keeps the ESM build).
const router = require("@remix-run/router") as typeof import("@remix-run/router");

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

const ids = (routes: Route[], path: string) => {
  const matches = router.matchRoutes(routes as never, path);
  return matches ? matches.map((m) => [(m.route as Route).id, m.params]) : null;
};

describe("route matching on the server", () => {
  it("runs the patched builds", () => {
    const source = (name: string) => fs.readFileSync(require.resolve(name), "utf8");
    expect(source("@remix-run/router")).toContain("rankedBranchesCache");
    expect(source("@remix-run/router")).toContain("matchesCache");
    expect(source("@remix-run/server-runtime/dist/data.js")).toContain("nothing to strip");
    // The page's inline route manifest is written without indentation.
    expect(source("@remix-run/react/dist/components.js")).toContain("getPartialManifest(manifest, router))}");
    expect(source("@remix-run/react/dist/server.js")).toContain("serverRoutesCache");
    expect(source("react-router-dom/server")).toContain("dataRoutesCache");
  });

  it("answers the same for repeated and different paths on one routes array", () => {
    const routes: Route[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          {
            id: "customers",
            path: "customers",
            children: [
              { id: "customers-index", index: true },
              { id: "customer-new", path: "new" },
              { id: "customer", path: ":customerId" },
            ],
          },
          { id: "files", path: "files/*" },
        ],
      },
    ];
    for (let round = 0; round < 3; round++) {
      expect(ids(routes, "/")).toEqual([
        ["root", {}],
        ["home", {}],
      ]);
      expect(ids(routes, "/customers/new")).toEqual([
        ["root", {}],
        ["customers", {}],
        ["customer-new", {}],
      ]);
      expect(ids(routes, "/customers/42")).toEqual([
        ["root", { customerId: "42" }],
        ["customers", { customerId: "42" }],
        ["customer", { customerId: "42" }],
      ]);
      expect(ids(routes, "/files/a/b.pdf")?.at(-1)).toEqual(["files", { "*": "a/b.pdf" }]);
      expect(ids(routes, "/nowhere")).toBeNull();
    }
  });

  it("keeps one cache entry per routes array and per pattern option", () => {
    const a: Route[] = [{ id: "a", path: "/jobs/:id" }];
    const b: Route[] = [{ id: "b", path: "/jobs/new" }];
    expect(ids(a, "/jobs/new")).toEqual([["a", { id: "new" }]]);
    expect(ids(b, "/jobs/new")).toEqual([["b", {}]]);
    expect(router.matchPath({ path: "/Jobs", caseSensitive: true, end: true }, "/jobs")).toBeNull();
    expect(router.matchPath({ path: "/Jobs", caseSensitive: false, end: true }, "/jobs")).not.toBeNull();
    expect(router.matchPath({ path: "/jobs", end: true }, "/jobs/5")).toBeNull();
    expect(router.matchPath({ path: "/jobs", end: false }, "/jobs/5")?.pathnameBase).toBe("/jobs");
  });

  it("gives every caller its own answer: changing one request's params leaves the next one's alone", () => {
    const routes: Route[] = [{ id: "job", path: "/jobs/:jobId", children: [{ id: "edit", path: "edit" }] }];
    const first = router.matchRoutes(routes as never, "/jobs/7/edit")!;
    expect(first[0].params).toBe(first[1].params);
    (first[0].params as Record<string, string>).jobId = "changed";
    first[1].pathname = "/changed";
    const second = router.matchRoutes(routes as never, "/jobs/7/edit")!;
    expect(second.map((m) => [m.pathname, m.params])).toEqual([
      ["/jobs/7", { jobId: "7" }],
      ["/jobs/7/edit", { jobId: "7" }],
    ]);
    expect(second[0].params).toBe(second[1].params);
  });

  it("still matches correctly after more distinct paths than the cache keeps", () => {
    const routes: Route[] = [{ id: "customer", path: "/customers/:customerId" }];
    for (let id = 1; id <= 1500; id++) {
      expect(router.matchRoutes(routes as never, `/customers/${id}`)?.[0].params).toEqual({ customerId: String(id) });
    }
    expect(router.matchRoutes(routes as never, "/customers/3")?.[0].params).toEqual({ customerId: "3" });
    expect(router.matchRoutes(routes as never, "/customers/%41")?.[0].params).toEqual({ customerId: "A" });
  });

  it("hands a request's loaders the request itself when there is no ?index or ?_routes to strip", async () => {
    const data = require("@remix-run/server-runtime/dist/data.js") as {
      callRouteLoader: (args: Record<string, unknown>) => Promise<unknown>;
    };
    const seen = async (url: string) => {
      const request = new Request(url);
      let got: Request | undefined;
      await data.callRouteLoader({
        request,
        params: {},
        routeId: "r",
        singleFetch: true,
        loadContext: {},
        loader: ({ request: r }: { request: Request }) => ((got = r), null),
      });
      return { same: got === request, url: got?.url };
    };
    // One Request for root, layout and page loaders: the signed-in user is looked up once a request.
    expect(await seen("http://x/tasks?status=open")).toEqual({ same: true, url: "http://x/tasks?status=open" });
    expect(await seen("http://x/tasks?index&_routes=a&x=1")).toEqual({ same: false, url: "http://x/tasks?x=1" });
    expect(await seen("http://x/tasks?_routes=root")).toEqual({ same: false, url: "http://x/tasks" });
  });
});
