// No cycle between lib/'s folders: when two folders need one piece, it moves down to a folder both
// may import. The single files at lib/'s root (env, errors, log, types, startup …) are each their
// own unit, not a folder, so this check leaves them out; the floors are in .dependency-cruiser.mjs.
import floors from "./.dependency-cruiser.mjs";

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: "lib-folders-no-cycle",
      comment: "No cycle between lib/'s folders: move the shared piece down instead.",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/" },
      to: { circular: true },
    },
  ],
  options: {
    ...floors.options,
    exclude: { path: [...floors.options.exclude.path, "^lib/[^/]+\\.tsx?$"] },
  },
};

export default config;
