// The floors of the README's map, checked on every `npm run lint`:
//   app/ → components/ → hooks/ → lib/, never back up;
//   lib/service/ only through its index;
//   nothing the browser runs (components/, hooks/) reaches a server-only module;
//   no cycle between lib/'s folders (.dependency-cruiser-folders.mjs).
// A new lib/ folder (lib/campaigns, lib/events, …) needs no entry: it is lib, so the rules above
// apply to it as soon as it exists.

/** A floor that may not import the floors above it. */
const notUp = (name, floor, above, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^${floor}/` },
  to: { path: `^(${above.join("|")})/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    notUp(
      "lib-not-up",
      "lib",
      ["app", "components", "hooks"],
      "lib/ is the ground floor: it may not import app/, components/ or hooks/.",
    ),
    notUp(
      "hooks-not-up",
      "hooks",
      ["app", "components"],
      "hooks/ sit on lib/ only: they may not import app/ or components/.",
    ),
    notUp("components-not-up", "components", ["app"], "components/ may not import app/ (routes are the top floor)."),
    {
      name: "service-through-index",
      comment: "lib/service/ is reached only through lib/service/index.ts.",
      severity: "error",
      from: { path: "^", pathNot: "^lib/service/" },
      to: { path: "^lib/service/", pathNot: "^lib/service/index\\.ts$" },
    },
    {
      name: "client-not-server-only",
      comment:
        'What the browser runs (components/, hooks/) never reaches a module marked `import "server-only"`, not even for a type: take API types from lib/api-types.ts.',
      severity: "error",
      // components/prefetch/ is the one server component in components/ (it starts with
      // `import "server-only"`): pages render it to hand their first reads to the browser's cache.
      from: { path: "^(components|hooks)/", pathNot: "^components/prefetch/" },
      to: { path: "node_modules/server-only/", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests and their support may reach across floors to set a scene up.
    exclude: {
      path: ["^(\\.next|data|test-results|playwright-report|test|e2e)/", "\\.test\\.tsx?$", "/testing(/|\\.ts$)"],
    },
    // Type-only imports count: a type taken from a server module ties the browser to it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};

export default config;
