// Invisible format characters (Unicode category Cf) in a name people read: bidi controls
// (U+202A–U+202E, U+2066–U+2069, U+200E/F) make "Bottle ‮gnp.exe" read as "Bottle exe.png" in a
// list, a history or an email, and others (U+200B, U+2060, U+FEFF, U+00AD) make two names that
// look alike different. Refused, not stripped: the person sees why. Two are kept, as they change
// neither order nor look but spelling: U+200C and U+200D (zero-width non-joiner and joiner),
// needed by Persian and Indic scripts and by emoji sequences such as 👩‍💻.
// Client-safe: the forms share it with the handlers.

const HIDDEN = /(?![\u200C\u200D])\p{Cf}/u;

export const hasHiddenFormatting = (text: string): boolean => HIDDEN.test(text);

/** The refusal's words after "Your name" / "The name" / "The title". */
export const HIDDEN_FORMATTING_WORDS = "cannot hold invisible formatting characters (such as right-to-left marks)";
