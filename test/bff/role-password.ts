// The password of the editor and reviewer accounts the BFF tests create (users.ts); the global
// setup scans the app's log for it. Kept apart because global setup cannot import vitest.
export const rolePassword = (role: "editor" | "reviewer") => `${role}-password-123`;
