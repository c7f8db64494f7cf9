import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react";
import { passwordResetEndpoints, resetPasswordSchema } from "@ems/contracts/register";
import { Form, Link, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { call } from "~/lib/api-client";
import { submitForm } from "~/lib/form-action.server";
import { formErrorText } from "~/lib/form-errors";
import { localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Works as a plain form post too: asking for a reset link needs no JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  // The answer names the address, as typed, in "we sent a link to …".
  return submitForm(request, context, resetPasswordSchema, async (api, body) => {
    await call(api, passwordResetEndpoints.resetPassword, { body });
    return body.email;
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** reset_password (docs/behaviour/accounts.md#password-reset): the same answer whether or not the address has an account. */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sentTo = actionData?.done && typeof actionData.data === "string" ? actionData.data : null;

  return (
    <article aria-labelledby="reset-title">
      <h1 id="reset-title" className="text-2xl font-bold tracking-tight">
        {i18n._("reset_page.title")}
      </h1>
      {sentTo !== null ? (
        <Alert variant="success" className="mt-6" title={i18n._("reset_page.sent_title")}>
          {i18n._("reset_page.sent", { email: sentTo })}
        </Alert>
      ) : (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">{i18n._("reset_page.intro")}</p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <div aria-live="polite">
              <FormProblem
                codes={form.errors}
                fallback="global.error"
                known={{ RATE_LIMITED: "login_page.RATE_LIMITED" }}
              />
            </div>
            <FormField
              label={i18n._("signin.email_label")}
              error={formErrorText(i18n, fields.email.errors, "register_page.error_invalid")}
            >
              {(f) => (
                <Input
                  {...getInputProps(fields.email, { type: "email" })}
                  {...f}
                  required
                  maxLength={254}
                  autoComplete="email"
                />
              )}
            </FormField>
            <Button type="submit" className="w-full" loading={busy}>
              {i18n._("reset_page.submit")}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-8 border-t border-neutral-200 pt-6 text-sm dark:border-neutral-800">
        <Link
          to={localizePath("/login", locale)}
          className="font-semibold text-primary-800 underline underline-offset-4 dark:text-primary-300"
        >
          {i18n._("reset_page.back_to_login")}
        </Link>
      </p>
    </article>
  );
}
