/** Name of the API's HttpOnly session cookie (DESIGN §3); the web app only checks that it exists. */
export const SESSION_COOKIE = "session";
