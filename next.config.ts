import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly from its own package folder; pg and sharp carry native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sharp", "busboy", "archiver"],
  poweredByHeader: false,
  images: { unoptimized: true },
  // `npm test` type-checks the whole project (tests included) in its own stage; the build need
  // not do it a second time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
