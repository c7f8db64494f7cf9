import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";

import { ApiError, type ApiClient } from "./api-client";
import { apiFromRequest } from "./api.server";
import { signInUrl } from "./session-expiry";
import { INTENT_FIELD } from "./use-fetcher-form";

/** What a route action answers its form: Conform's reply (errors as codes) and whether it was done. */
export interface FormReply<Data = unknown> {
  result: SubmissionResult<string[]>;
  done: boolean;
  /** Which of the page's forms this answers (the `intent` field), on pages with more than one. */
  intent?: string;
  /** What the API answered, for forms that show it (a new secret, a created record's number). */
  data?: Data;
  /** What the API said beside a refusal's code (attempts left, the state that conflicted). */
  otherData?: Record<string, unknown>;
}

/** One of a page's forms: the zod schema it is read with and the API call it makes. */
export interface FormIntent {
  schema: z.ZodType;
  send: (api: ApiClient, value: never) => Promise<unknown>;
}

/** Declares a page form for `submitIntent`, keeping the schema's output type on `send`. */
export function formIntent<Schema extends z.ZodType>(
  schema: Schema,
  send: (api: ApiClient, value: z.output<Schema>) => Promise<unknown>,
): FormIntent {
  return { schema, send: send as FormIntent["send"] };
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
  return submitFormData(await request.formData(), request, context, formIntent(schema, send));
}

/** The API names a field of a list by its path (`lines.1.pcb_spec_version_id`); Conform as `lines[1].pcb_spec_version_id`. */
export function formFieldName(apiField: string): string {
  return apiField.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/**
 * `submitForm` for a page with several forms (or buttons that post): the `intent` field picks the
 * form; an intent the page does not have is a 400, as the API answers an unknown operation.
 */
export async function submitIntent(
  request: Request,
  context: AppLoadContext,
  intents: Readonly<Record<string, FormIntent>>,
): Promise<FormReply> {
  const formData = await request.formData();
  const intent = formData.get(INTENT_FIELD);
  const chosen = typeof intent === "string" && Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!chosen || typeof intent !== "string") throw data({ intent }, { status: 400 });
  formData.delete(INTENT_FIELD);
  return { ...(await submitFormData(formData, request, context, chosen)), intent };
}

async function submitFormData(
  formData: FormData,
  request: Request,
  context: AppLoadContext,
  { schema, send }: FormIntent,
): Promise<FormReply> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { result: submission.reply(), done: false };
  try {
    const answer = await send(apiFromRequest(request, context), submission.value as never);
    return { result: submission.reply({ resetForm: true }), done: true, data: answer };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.status === 401) {
      const url = new URL(request.url);
      throw redirect(signInUrl(url.pathname, url.search));
    }
    const field = error.field === null ? null : formFieldName(error.field);
    const onField = field !== null && formData.has(field);
    return {
      result: submission.reply(
        onField ? { fieldErrors: { [field]: [error.code] } } : { formErrors: [error.code] },
      ),
      done: false,
      ...(error.otherData ? { otherData: error.otherData } : {}),
    };
  }
}
