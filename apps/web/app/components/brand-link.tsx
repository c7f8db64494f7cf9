import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { CircuitBoard } from "lucide-react";
import { Link, useLocation } from "react-router";

import { localeFromPath } from "~/lib/locale";
import { href } from "~/lib/route-map";

/** The logo: the brand name with a board mark, linking to home in the page's language. */
export function BrandLink({ fullName = false }: { fullName?: boolean }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <Link
      to={href("home", localeFromPath(pathname))}
      aria-label={i18n._("nav.home_label", { brand: siteConfig.brand.name })}
      className="inline-flex min-w-0 items-center gap-2 rounded-md text-sm leading-tight font-semibold tracking-tight text-neutral-900 sm:text-base dark:text-white"
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-700 text-white">
        <CircuitBoard aria-hidden="true" className="size-5" />
      </span>
      {/* From 1024 to 1439 px the site's menu bar needs the room; the link keeps its name via aria-label.
          The app shell has no menu bar and passes fullName; below 640 px its top bar needs the room. */}
      <span className={fullName ? "truncate max-sm:sr-only" : "truncate lg:max-[90rem]:sr-only"}>
        {siteConfig.brand.name}
      </span>
    </Link>
  );
}
