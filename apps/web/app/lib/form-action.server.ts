import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";

import { ApiError, type ApiClient } from "./api-client";
import { apiFromRequest } from "./api.server";
import { signInUrl } from "./session-expiry";

/** What a route action answers its form: Conform's reply (errors as codes) and whether it was done. */
export interface FormReply {
  result: SubmissionResult<string[]>;
  done: boolean;
}

/**
 * The one way a route action handles a form post, with or without JavaScript in the browser:
 * the form data is read with the same zod schema the form validates with (and the API checks),
 * then handed to `send`. The API's refusals become form errors by their machine code — beside the
 * field the API names when the form has it, for the whole form otherwise — and the page translates
 * them (`formErrorText`). An expired session goes to sign-in and comes back here; server failures
 * reach the route's error page.
 */
export async function submitForm<Schema extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  schema: Schema,
  send: (api: ApiClient, value: z.output<Schema>) => Promise<unknown>,
): Promise<FormReply> {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { result: submission.reply(), done: false };
  try {
    await send(apiFromRequest(request, context), submission.value);
    return { result: submission.reply({ resetForm: true }), done: true };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.status === 401) {
      const url = new URL(request.url);
      throw redirect(signInUrl(url.pathname, url.search));
    }
    const onField = error.field !== null && formData.has(error.field);
    return {
      result: submission.reply(
        onField ? { fieldErrors: { [error.field as string]: [error.code] } } : { formErrors: [error.code] },
      ),
      done: false,
    };
  }
}
