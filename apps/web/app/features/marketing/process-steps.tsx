import { useLingui } from "@lingui/react";
import { useId } from "react";

import { PROCESS_STEPS, ProcessIllustration } from "./process-illustrations";

/**
 * How a board is made, step by step: a drawing per production step with its translated caption. On the home page
 * it spans the page ("wide"); on text pages it sits in the text column. Inline SVG, so nothing is fetched for them
 * and nothing has to load lazily.
 */
export function ProcessSteps({ layout = "column" }: { layout?: "wide" | "column" }) {
  const { i18n } = useLingui();
  const id = useId();
  const grid = layout === "wide" ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2";
  return (
    <section aria-labelledby="process-title" className={layout === "wide" ? undefined : "mt-12"}>
      <h2 id="process-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        {i18n._("process.heading")}
      </h2>
      <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">{i18n._("process.text")}</p>
      <ol className={`mt-8 grid gap-6 ${grid}`}>
        {PROCESS_STEPS.map((step, index) => (
          <li key={step}>
            {/* Named by the caption's title and described by its text explicitly: not every assistive technology
                derives a figure's name from its figcaption. */}
            <figure
              aria-labelledby={`${id}-${step}-title`}
              aria-describedby={`${id}-${step}-text`}
              className="flex h-full flex-col rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-950"
            >
              <ProcessIllustration
                step={step}
                className="mx-auto aspect-[4/3] w-full max-w-64 text-primary-700 dark:text-primary-300"
              />
              <figcaption className="mt-4">
                <span
                  id={`${id}-${step}-title`}
                  className="block font-semibold text-neutral-900 dark:text-white"
                >
                  {index + 1}. {i18n._(`process.${step}_title`)}
                </span>
                <span
                  id={`${id}-${step}-text`}
                  className="mt-1 block text-sm text-neutral-700 dark:text-neutral-300"
                >
                  {i18n._(`process.${step}_text`)}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </section>
  );
}
