import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { formatNumber } from "@ems/i18n/format";
import { useEffect, useState } from "react";

import { counterFigures } from "~/lib/counter";

/**
 * The counter band (docs/behaviour/public-site.md#counter-band). The server renders the figures of its moment; in the browser the component
 * figure then grows by one per second. The first client render may differ from the server's by a
 * few units, hence suppressHydrationWarning on the live numbers only. Figures are grouped as the
 * page's language writes numbers (issue 20): 4.425 in German, 4 425 in French, 4,425 in English.
 */
export function CounterBand() {
  const { i18n } = useLingui();
  const [since] = useState(() => new Date());
  const [now, setNow] = useState(since);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const figures = counterFigures(now, since);
  const formatCount = (value: number) => formatNumber(value, i18n.locale);

  const items = [
    { key: "active_boms", value: formatCount(figures.activeBoms), live: false },
    { key: "boards", value: formatCount(figures.boardsThisYear), live: true },
    { key: "components", value: formatCount(figures.componentsThisYear), live: true },
    { key: "customers", value: figures.customers, live: false },
  ];

  return (
    <section
      aria-labelledby="counter-heading"
      className="bg-primary-800 text-white dark:bg-primary-950 dark:text-primary-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-10 md:px-6">
        <h2 id="counter-heading" className="sr-only">
          {i18n._("footer.figures_heading", { brand: siteConfig.brand.name })}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {items.map((item) => (
            <div key={item.key} className="flex flex-col-reverse gap-1 text-center">
              <dt className="text-sm text-primary-100">{i18n._(`counter.${item.key}`)}</dt>
              <dd
                className="text-2xl font-bold tabular-nums sm:text-3xl"
                suppressHydrationWarning={item.live}
              >
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-center text-xs text-primary-100">{i18n._("counter.note")}</p>
      </div>
    </section>
  );
}
