import { useForm, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent, useId, useRef } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";

import type { FormReply } from "./form-action.server";
import { toastOnce, watchFetcherForm } from "./fetcher-toasts";
import { revealFirstInvalidField } from "./reveal-invalid-field";

/** What a form's fields hold before the schema reads them. */
type Input<Schema extends z.ZodType> = Extract<z.input<Schema>, Record<string, unknown>>;

/** The form field that names which of a page's forms was posted (`submitIntent`). */
export const INTENT_FIELD = "intent";

/** The form's own fields, as the schema reads them (the action takes the intent off too). */
export function withoutIntent(formData: FormData): FormData {
  const fields = new FormData();
  for (const [name, value] of formData) if (name !== INTENT_FIELD) fields.append(name, value);
  return fields;
}

/**
 * The one way a form inside a page (a dialog, a row's button, one section of several) posts to its
 * route's action without leaving the page: a fetcher, Conform validating with the same zod schema
 * the action and the API use, the action's reply (`submitForm`/`submitIntent`) shown beside the
 * fields, and on success a toast and `onDone` (close the dialog, follow the signed-in user). The
 * router loads the page's data again after every post, so lists and headers follow by themselves.
 * Render `<fetcher.Form method="post" action={action} {...getFormProps(form)}>` with an
 * `<IntentField>` when the route has several forms.
 */
export function useFetcherForm<Schema extends z.ZodType<Record<string, unknown>>, Data = unknown>({
  schema,
  id,
  defaultValue,
  success,
  onDone,
}: {
  schema: Schema;
  /** Distinguishes forms of the same kind on one page (one per row), so their fetchers and fields don't mix. */
  id?: string;
  defaultValue?: DefaultValue<Input<Schema>>;
  /** A success toast. */
  success?: string;
  onDone?: (data: Data | undefined) => void;
}) {
  const instance = useId();
  const key = id ?? instance;
  const fetcher = useFetcher<FormReply<Data>>({ key });
  // A list renders a row's form twice (its card and its table row, one of them hidden): both share
  // the fetcher, but each form element needs an id of its own, or Conform takes the first one for the
  // form posted, refuses the submit and the browser posts the whole page instead.
  const formId = id ? `${id}-${instance}` : undefined;
  const reply = fetcher.data;
  // FetcherToasts watches the fetcher too, for when this form is gone by the time its answer comes.
  useEffect(() => (success ? watchFetcherForm(key, success) : undefined), [key, success]);
  const [form, fields] = useForm<Input<Schema>, z.output<Schema>, string[]>({
    ...(formId ? { id: formId } : {}),
    ...(defaultValue === undefined ? {} : { defaultValue }),
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Once per answer (the reply object is new for every post). The toast comes as soon as the action
  // has answered: once the router has loaded the page's data again the form may be gone (a row's
  // form goes with its row; FetcherToasts toasts then). `onDone` waits for that data, so what it
  // does (navigate, close the dialog) does not race the router's own loading.
  const finished = useRef<FormReply<Data> | undefined>(undefined);
  const toast = useEffectEvent((answer: FormReply<Data>) => toastOnce(answer, success));
  const finish = useEffectEvent((data: Data | undefined) => onDone?.(data));
  // The action's refusal of a field arrives after the submit: reveal that field once it is marked.
  const revealed = useRef<FormReply<Data> | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !reply || reply.done || revealed.current === reply) return;
    revealed.current = reply;
    revealFirstInvalidField(document.forms.namedItem(form.id));
  }, [fetcher.state, reply, form.id]);
  useEffect(() => {
    if (fetcher.state === "submitting" || !reply?.done) return;
    toast(reply);
    if (fetcher.state === "idle" && finished.current !== reply) {
      finished.current = reply;
      finish(reply.data);
    }
  }, [fetcher.state, reply]);
  return {
    fetcher,
    form: form as FormMetadata<Input<Schema>, string[]>,
    fields,
    busy: fetcher.state !== "idle",
    /** The codes of errors that belong to no field (the API's refusal of the whole request). */
    formErrors: form.errors,
  };
}
