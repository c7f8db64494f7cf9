/** Document numbers are handed out by the data package, which the factories and the seed share. */
export { DOCUMENT_PREFIXES, nextDocumentNumber, type DocumentKind } from "@ems/db/document-numbers";
