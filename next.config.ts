import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly from its own package folder; pg and sharp carry native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sharp", "busboy", "archiver"],
  poweredByHeader: false,
  images: { unoptimized: true },
};

export default nextConfig;
