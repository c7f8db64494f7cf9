import { NEW_PASSWORD_LENGTHS } from "@ems/contracts/password-rules";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react";
import { passwordResetEndpoints, updatePasswordSchema } from "@ems/contracts/register";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { PasswordInput } from "~/components/ui/password-input";
import { apiFromRequest } from "~/lib/api.server";
import { submitForm } from "~/lib/form-action.server";
import { formErrorText } from "~/lib/form-errors";
import { localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/update-password";
import { useLocale } from "~/lib/use-locale";
import { call } from "~/lib/api-client";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** validate_reset_url_token: the link is checked before the form shows (checking uses nothing up). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return { token, valid: false, emailHint: null };
  try {
    const answer = await call(
      apiFromRequest(request, context),
      passwordResetEndpoints.resetPasswordValidate,
      { body: { token } },
    );
    return { token, valid: answer.data.valid, emailHint: answer.data.email_hint };
  } catch {
    return { token, valid: false, emailHint: null };
  }
}

/** The API's request plus the repeated password, which must match before anything is sent. */
const updatePasswordForm = updatePasswordSchema
  .extend({ confirm: z.string() })
  .refine((form) => form.new_password === form.confirm, { path: ["confirm"], message: "MISMATCH" });

/** Works as a plain form post too: the page needs no JavaScript to set a new password. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, context, updatePasswordForm, (api, { token, new_password }) =>
    call(api, passwordResetEndpoints.updatePassword, { body: { token, new_password } }),
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function UpdatePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updatePasswordForm }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const show = { showLabel: i18n._("signin.show_password"), hideLabel: i18n._("signin.hide_password") };
  const error = (codes: string[] | undefined) =>
    formErrorText(i18n, codes, "register_page.error_invalid", { MISMATCH: "my_profile.error_mismatch" });
  // A refused token (used, expired) is no field of the form: it ends the form like an invalid link.
  const tokenRefused = form.errors?.includes("TOKEN_INVALID") || fields.token.errors !== undefined;
  const formError = tokenRefused ? undefined : form.errors?.length ? i18n._("global.error") : undefined;

  const loginLink = (
    <Link to={localizePath("/login", locale)} className={`${buttonVariants({ size: "lg" })} mt-6 w-full`}>
      {i18n._("register.login_link")}
    </Link>
  );

  return (
    <article aria-labelledby="update-title">
      <h1 id="update-title" className="text-2xl font-bold tracking-tight">
        {i18n._("reset_page.update_title")}
      </h1>
      {actionData?.done ? (
        <>
          <Alert variant="success" className="mt-6">
            {i18n._("reset_page.updated")}
          </Alert>
          {loginLink}
        </>
      ) : !loaderData.valid || tokenRefused ? (
        <>
          <Alert variant="error" className="mt-6" title={i18n._("reset_page.invalid_title")}>
            {i18n._("reset_page.invalid")}
          </Alert>
          <Link
            to={localizePath("/reset-password", locale)}
            className={`${buttonVariants({ variant: "outline" })} mt-6`}
          >
            {i18n._("reset_page.request_new")}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">
            {i18n._("reset_page.update_intro", { email: loaderData.emailHint ?? "" })}
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            {formError ? <Alert variant="error">{formError}</Alert> : null}
            <input {...getInputProps(fields.token, { type: "hidden" })} />
            <FormField
              label={i18n._("my_profile.new_password")}
              description={i18n._("my_profile.password_rules")}
              error={error(fields.new_password.errors)}
            >
              {(f) => (
                <PasswordInput
                  {...f}
                  {...show}
                  name={fields.new_password.name}
                  key={fields.new_password.key}
                  required
                  {...NEW_PASSWORD_LENGTHS}
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <FormField label={i18n._("my_profile.confirm_password")} error={error(fields.confirm.errors)}>
              {(f) => (
                <PasswordInput
                  {...f}
                  {...show}
                  name={fields.confirm.name}
                  key={fields.confirm.key}
                  required
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <Button type="submit" className="w-full" loading={busy}>
              {i18n._("reset_page.update_submit")}
            </Button>
          </Form>
        </>
      )}
    </article>
  );
}
