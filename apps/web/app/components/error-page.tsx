import { useLingui } from "@lingui/react";
import { ArrowLeft, SearchX, TriangleAlert } from "lucide-react";
import { Link, useNavigate } from "react-router";

import { errorTexts } from "~/lib/error-page";
import { href } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

/** Message text becomes one paragraph per line. */
export function messageLines(message: string): string[] {
  return message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/**
 * The error page body (docs/behaviour/public-site.md#error-page): 404 has its own title and message, every other error the default
 * ones. Internal error text is never shown to visitors; it goes to the server log.
 */
export function ErrorPage({ status }: { status: number }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const home = href("home", locale);
  const texts = errorTexts(status);
  const Icon = status === 404 ? SearchX : TriangleAlert;
  const title = i18n._(texts.title);
  const message = i18n._(texts.message);

  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24">
      <Icon aria-hidden="true" className="mx-auto size-14 text-primary-700 dark:text-primary-400" />
      <p className="mt-6 text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-400">
        {i18n._("error.status", { status })}
      </p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      <div className="mt-4 space-y-2 text-neutral-700 dark:text-neutral-300">
        {messageLines(message).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <button
          type="button"
          // A page opened directly has nothing to go back to; home is the useful "back" then.
          onClick={() => (window.history.length > 1 ? window.history.back() : void navigate(home))}
          className="inline-flex h-11 items-center gap-2 rounded-md bg-primary-700 px-5 font-semibold text-white hover:bg-primary-800 dark:bg-primary-600 dark:hover:bg-primary-700"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {i18n._("error.go_back")}
        </button>
        <Link
          to={home}
          className="inline-flex h-11 items-center rounded-md px-5 font-semibold text-primary-800 underline-offset-4 hover:underline dark:text-primary-300"
        >
          {i18n._("error.home_link")}
        </Link>
      </div>
    </section>
  );
}
