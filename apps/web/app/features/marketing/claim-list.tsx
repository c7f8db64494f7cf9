import { useLingui } from "@lingui/react";
import { Award, Factory, Truck, Users } from "lucide-react";

import { useClaimValues } from "./use-claims";

const FACTS = [
  { key: "express", Icon: Truck },
  { key: "sites", Icon: Factory },
  { key: "quality", Icon: Award },
  { key: "team", Icon: Users },
] as const;

/** The site's claims (docs/behaviour/public-site.md#the-product-and-its-claims) as a list of facts, used on home and beside the registration page. */
export function ClaimList({ columns = 4 }: { columns?: 1 | 2 | 4 }) {
  const { i18n } = useLingui();
  const values = useClaimValues();
  const grid = { 1: "", 2: "sm:grid-cols-2", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {FACTS.map(({ key, Icon }) => (
        <li key={key} className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-200">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h3 className="font-semibold text-neutral-900 dark:text-white">
              {i18n._(`home.fact_${key}_title`, values)}
            </h3>
            <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._(`home.fact_${key}_text`, values)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
