import type { ReactNode } from "react";

/** The heading, introduction and main actions of a portal page. */
export function PageHeader({ title, intro, actions }: { title: string; intro: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-3xl min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-2 text-neutral-700 dark:text-neutral-300">{intro}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
