/** The operator's claims for messages; one implementation, shared with the Markdown content. */
export { claimValues } from "@ems/content/values";
