import { useLingui } from "@lingui/react";
import { redirect, useSearchParams } from "react-router";

import {
  CookieNotice,
  detailsForm,
  forcedPasswordForm,
  noFields,
  PasswordSection,
  passwordForm,
  PersonalDetails,
  SessionsSection,
  sessionForm,
  TwoFactorSection,
  twoFactorOffForm,
  UsernameSection,
  usernameForm,
} from "~/features/profile/profile-sections";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/profile";
import { call } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";
import { profileEndpoints, twoFactorEndpoints } from "@ems/contracts/profile";

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

/** Every form of the profile; each section posts its own intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const desk = localizePath("/my/desk", localeFromPath(new URL(request.url).pathname));
  return submitIntent(request, context, {
    details: formIntent(detailsForm, (api, body) => call(api, profileEndpoints.update, { body })),
    cookieNotice: formIntent(noFields, (api) => call(api, profileEndpoints.cookieNotice)),
    verifyAccount: formIntent(noFields, (api) => call(api, profileEndpoints.verifyAccount)),
    username: formIntent(usernameForm, (api, body) => call(api, profileEndpoints.changeUsername, { body })),
    password: formIntent(passwordForm, (api, { new_password, pwd }) =>
      call(api, profileEndpoints.changePassword, { body: { new_password, pwd } }),
    ),
    // is_forced_update (docs/behaviour/accounts.md#forced-password-change): then the account may go on.
    forcedPassword: formIntent(forcedPasswordForm, async (api, { new_password }) => {
      await call(api, profileEndpoints.changePassword, { body: { new_password, is_forced_update: true } });
      throw redirect(desk);
    }),
    twoFactorOff: formIntent(twoFactorOffForm, (api, body) =>
      call(api, twoFactorEndpoints.disable, { body }),
    ),
    endSession: formIntent(sessionForm, (api, params) => call(api, authEndpoints.endSession, { params })),
    endOtherSessions: formIntent(noFields, (api) => call(api, authEndpoints.revokeOtherSessions)),
  });
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
