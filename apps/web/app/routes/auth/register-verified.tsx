import { useLingui } from "@lingui/react";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { browserApi } from "~/lib/browser-api";
import { localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/register-verified";
import { useLocale } from "~/lib/use-locale";
import { call } from "~/lib/api-client";
import { registerEndpoints } from "@ems/contracts/register";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The link of the verification e-mail. Opening a page changes nothing (mail scanners open links);
 * the button confirms.
 */
export default function RegisterVerified() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"ready" | "busy" | "done" | "failed">(
    /^[A-Za-z0-9_-]{43}$/.test(token) ? "ready" : "failed",
  );

  async function confirm() {
    setState("busy");
    try {
      await call(browserApi(), registerEndpoints.verifyLink, { body: { token } });
      setState("done");
    } catch {
      setState("failed");
    }
  }

  if (state === "done") {
    return (
      <article aria-labelledby="verified-title" className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-primary-700 dark:text-primary-400" />
        <h1 id="verified-title" className="mt-4 text-2xl font-bold tracking-tight">
          {i18n._("register_page.verified_done")}
        </h1>
        <p className="mt-3 text-neutral-700 dark:text-neutral-300">{i18n._("register_page.success_intro")}</p>
        <Link to={localizePath("/login", locale)} className={`${buttonVariants({ size: "lg" })} mt-8`}>
          {i18n._("register.login_link")}
        </Link>
      </article>
    );
  }
  return (
    <article aria-labelledby="verified-title">
      <h1 id="verified-title" className="text-2xl font-bold tracking-tight">
        {i18n._("register_page.verified_title")}
      </h1>
      {state === "failed" ? (
        <Alert variant="error" className="mt-6" title={i18n._("register_page.verified_failed")}>
          {i18n._("register_page.verified_failed_hint")}
        </Alert>
      ) : (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">
            {i18n._("register_page.verified_intro")}
          </p>
          <Button size="lg" className="mt-6 w-full" loading={state === "busy"} onClick={() => void confirm()}>
            {i18n._("register_page.verified_confirm")}
          </Button>
        </>
      )}
    </article>
  );
}
