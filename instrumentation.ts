// Runs once when the Next server starts: the client address stamp (lib/net/peer-address.ts), then
// environment, database, first admin (lib/startup.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("./lib/net/peer-address");
    stampPeerAddresses();
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
