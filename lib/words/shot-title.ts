// What a person reads as a shot's title: its prompt, the scene they described. A shot with no
// prompt (made outside this app) is called the same everywhere. Client-safe: no server imports.

export const UNTITLED_SHOT = "Untitled product shot";

/** The shot's prompt, or the words for one without a prompt. */
export function shotTitle(prompt: string | null | undefined): string {
  return prompt || UNTITLED_SHOT;
}
