/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // Keep the server bundle lean: dependencies stay in node_modules.
  serverDependenciesToBundle: [],
  // The browser build at /b/ rather than /build/: a page names ~100 of its files (module preloads,
  // the route manifest, the icon sprite 18 times), 4 bytes each (docs/performance.md, issue 16).
  publicPath: "/b/",
  assetsBuildDirectory: "public/b",
  // The benchmark's framework floor (app/bench/framework-floor.tsx, docs/performance.md): outside
  // app/routes so the route walks of the tests do not see it; it answers 404 unless the server runs
  // with BENCH_FRAMEWORK_FLOOR set (only `npm run bench` does).
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      route("/bench-floor/:screen", "bench/framework-floor.tsx");
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
