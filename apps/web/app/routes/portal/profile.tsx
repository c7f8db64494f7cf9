import { useLingui } from "@lingui/react";
import { useSearchParams } from "react-router";

import {
  CookieNotice,
  PasswordSection,
  PersonalDetails,
  SessionsSection,
  TwoFactorSection,
  UsernameSection,
} from "~/features/profile/profile-sections";
import { apiFromRequest } from "~/lib/api.server";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/profile";
import { call } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";
import { profileEndpoints } from "@ems/contracts/profile";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(location.pathname, { title: "my_profile.meta_title" }, {}, { index: false });

/** The signed-in user and their sessions; the dashboard layout has already checked the session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const [profile, sessions] = await Promise.all([
    call(api, profileEndpoints.get),
    call(api, authEndpoints.sessions),
  ]);
  return { user: profile.data.user, sessions: sessions.data };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const { user, sessions } = loaderData;
  // is_forced_update (docs/behaviour/accounts.md#forced-password-change): until the password is changed, only that form.
  const forced = user.must_change_password || params.get("force_password") === "1";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{i18n._("my_profile.title")}</h1>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {i18n._("my_profile.intro", { name: user.full_name, company: user.company_name })}
      </p>
      <div className="mt-8 space-y-6">
        {forced && user.must_change_password ? (
          <PasswordSection forced />
        ) : (
          <>
            {user.cookie_notified ? null : <CookieNotice />}
            <PersonalDetails user={user} />
            <UsernameSection user={user} />
            <PasswordSection forced={false} />
            <TwoFactorSection user={user} />
            <SessionsSection sessions={sessions} />
          </>
        )}
      </div>
    </div>
  );
}
