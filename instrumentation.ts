// Runs once when the Next server starts: environment, database, first admin (lib/startup.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
