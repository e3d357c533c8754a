// The session cookie's name, apart from the sealing (server-only) so the proxy can ask whether a
// visitor carries one before any page renders.
export const SESSION_COOKIE = "ps_session";
