import { siteConfig } from "@ems/config/site";

/** The operator's e-mail as a mailto link, for use inside translated sentences. */
export function ContactEmailLink() {
  return (
    <a
      href={`mailto:${siteConfig.contact.email}`}
      className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
    >
      {siteConfig.contact.email}
    </a>
  );
}
