import { useLingui } from "@lingui/react";
import { registerEndpoints, verifyLinkSchema } from "@ems/contracts/register";
import { CircleCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { call } from "~/lib/api-client";
import { submitForm } from "~/lib/form-action.server";
import { localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/register-verified";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, wellFormed: verifyLinkSchema.safeParse({ token }).success };
}

/** A plain form post: confirming needs no JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, context, verifyLinkSchema, (api, body) =>
    call(api, registerEndpoints.verifyLink, { body }),
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/**
 * The link of the verification e-mail. Opening a page changes nothing (mail scanners open links);
 * the button confirms.
 */
export default function RegisterVerified({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const state = actionData
    ? actionData.done
      ? "done"
      : "failed"
    : loaderData.wellFormed
      ? "ready"
      : "failed";

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
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" size="lg" className="w-full" loading={busy}>
              {i18n._("register_page.verified_confirm")}
            </Button>
          </Form>
        </>
      )}
    </article>
  );
}
