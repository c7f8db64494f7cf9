/**
 * The password lengths of OWASP ASVS level 2 (V2.1): at least 8 characters, up to 128 (15 or more
 * is what the rules text recommends). The API enforces them (with the common-password list); forms state them on the field where a
 * new password is chosen. Free of zod, so public pages can import it.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The length attributes of an input where a new password is chosen. */
export const NEW_PASSWORD_LENGTHS = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
} as const;
