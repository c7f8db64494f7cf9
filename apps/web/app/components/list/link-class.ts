/** The look of text links in and around lists (document links, paging, "Show all"). */
export const listLinkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:text-primary-300 dark:decoration-primary-300/40 dark:hover:decoration-primary-300";
