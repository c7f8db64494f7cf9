import { useLingui } from "@lingui/react";
import type { Country } from "@ems/contracts/countries";
import { Check } from "lucide-react";
import { Link, useLocation } from "react-router";

import { AcceptInvitation, type InvitationAccepted } from "~/features/companies/accept-invitation";
import { RegisterForm } from "~/features/registration/register-form";
import { returnPathOf, withReturnPath } from "~/features/registration/return-path";
import { apiFromRequest } from "~/lib/api.server";
import { submitForm } from "~/lib/form-action.server";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/register";
import { useLocale } from "~/lib/use-locale";
import { call } from "~/lib/api-client";
import { countryEndpoints } from "@ems/contracts/countries";
import { acceptInvitationSchema, invitationEndpoints, invitationParamSchema } from "@ems/contracts/companies";

const BENEFITS = ["quotes", "team", "tracking", "archive"] as const;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(
    location.pathname,
    { title: "register.meta_title", description: "register.meta_description" },
    {},
    { page: currentPage(matches) },
  );

/**
 * The countries for the form, named in the page's language; with `?invitation=` the invitation
 * instead (null when the link does not work: unknown, used, withdrawn or expired).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const token = url.searchParams.get("invitation");
  if (token !== null) {
    const params = invitationParamSchema.safeParse({ token });
    const invitation = params.success
      ? await call(api, invitationEndpoints.detail, { params: params.data })
          .then((answer) => answer.data)
          .catch(() => null)
      : null;
    return { countries: [] as Country[], invitation: { token, detail: invitation } };
  }
  try {
    const answer = await call(api, countryEndpoints.list, { query: { lang: localeFromPath(url.pathname) } });
    return { countries: answer.data, invitation: null };
  } catch {
    return { countries: [] as Country[], invitation: null };
  }
}

/** Accepting an invitation; a new company registers from the browser (its captcha is solved there). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(
    request,
    context,
    acceptInvitationSchema,
    async (api, body): Promise<InvitationAccepted> => {
      const answer = await call(api, invitationEndpoints.accept, { body });
      return { email: answer.data.email, language: body.language };
    },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** Registration (docs/behaviour/accounts.md#registration): the company registers itself; its first user becomes the administrator. */
export default function Register({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { invitation } = loaderData;
  const back = returnPathOf(useLocation().search);
  // A colleague's invitation: join that company instead of registering a new one.
  if (invitation) return <AcceptInvitation token={invitation.token} invitation={invitation.detail} />;
  return (
    <article aria-labelledby="register-title">
      <h1 id="register-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {i18n._("register.title")}
      </h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">{i18n._("register.intro")}</p>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold">{i18n._("register.benefits_heading")}</summary>
        <ul className="mt-3 space-y-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-3">
              <Check
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-400"
              />
              <span>{i18n._(`register.benefit_${benefit}`)}</span>
            </li>
          ))}
        </ul>
      </details>
      <RegisterForm countries={loaderData.countries} />
      <p className="mt-8 border-t border-neutral-200 pt-6 text-sm dark:border-neutral-800">
        {i18n._("register.have_account")}{" "}
        <Link
          to={withReturnPath(localizePath("/login", locale), back)}
          className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
        >
          {i18n._("register.login_link")}
        </Link>
      </p>
    </article>
  );
}
