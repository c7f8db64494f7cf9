import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";

import { CounterBand } from "./counter-band";

/**
 * Counter band and the operator line. The sitemap and legal links of SPEC §2 are added together
 * with those pages, so the footer never points at a page that does not exist.
 */
export function SiteFooter({ counter = true }: { counter?: boolean }) {
  const { i18n } = useLingui();
  return (
    <footer>
      {counter ? <CounterBand /> : null}
      <div className="border-t border-neutral-200 dark:border-neutral-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-neutral-600 md:px-6 dark:text-neutral-400">
          {i18n._("footer.copyright", {
            year: new Date().getFullYear(),
            legalName: siteConfig.brand.legalName,
          })}
        </p>
      </div>
    </footer>
  );
}
