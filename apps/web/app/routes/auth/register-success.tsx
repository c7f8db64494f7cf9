import { useLingui } from "@lingui/react";
import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { returnPathOf, withReturnPath } from "~/features/registration/return-path";
import { localizePath } from "~/lib/locale";
import { useSessionValue } from "~/lib/use-session-value";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/register-success";
import { useLocale } from "~/lib/use-locale";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** The registration success check (docs/behaviour/accounts.md#guards): only right after a verification; otherwise to /register. */
export default function RegisterSuccess() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  // undefined while hydrating; then "1" right after a verification, else null.
  // "signed_in" when the code signed this browser in (docs/behaviour/accounts.md#registration).
  const flag = useSessionValue("ems:register_verified");
  const back = returnPathOf(useLocation().search);

  useEffect(() => {
    if (flag === null) void navigate(localizePath("/register", locale), { replace: true });
  }, [flag, locale, navigate]);

  // While the check runs (and for the server render) only the heading shows.
  if (flag !== "1" && flag !== "signed_in")
    return (
      <h1 id="register-success-title" className="text-2xl font-bold tracking-tight">
        {i18n._("register_page.success_title")}
      </h1>
    );
  return (
    <article aria-labelledby="register-success-title" className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-primary-700 dark:text-primary-400" />
      <h1 id="register-success-title" className="mt-4 text-2xl font-bold tracking-tight">
        {i18n._("register_page.success_title")}
      </h1>
      {flag === "signed_in" ? (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">
            {i18n._(back ? "register_page.success_signed_in_back" : "register_page.success_signed_in")}
          </p>
          <Link
            to={back ?? localizePath("/my/desk", locale)}
            className={`${buttonVariants({ size: "lg" })} mt-8`}
          >
            {i18n._(back ? "register_page.continue_back" : "register_page.continue_desk")}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">
            {i18n._("register_page.success_intro")}
          </p>
          <Link
            to={withReturnPath(localizePath("/login", locale), back)}
            className={`${buttonVariants({ size: "lg" })} mt-8`}
          >
            {i18n._("register.login_link")}
          </Link>
        </>
      )}
    </article>
  );
}
