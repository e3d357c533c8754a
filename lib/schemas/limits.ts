// The limits of request payloads that forms show beside their fields, without zod: the forms'
// pages need the numbers at once, and the schemas that enforce them (beside this file) load with
// a form's first check, not with the page.

/** A prompt's length (predictions and saved prompts). */
export const MAX_PROMPT_LENGTH = 2000;

/** How many variations of one prompt a batch may ask for. */
export const MIN_VARIATIONS = 2;
export const MAX_VARIATIONS = 8;

/** Images in one ZIP download. */
export const MAX_ZIP_IMAGES = 500;

/** A campaign: its name, its products and scenes at most, and its variations per combination. */
export const MAX_CAMPAIGN_NAME_LENGTH = 120;
export const MAX_CAMPAIGN_PRODUCTS = 3_000;
export const MAX_CAMPAIGN_PROMPTS = 50;
export const MAX_CAMPAIGN_VARIATIONS = 4;

/**
 * A password a person chooses: its length. The rest of the rule (zxcvbn's guessability) loads
 * with the form's first check.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
