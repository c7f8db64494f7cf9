import { QUERY_LIMITS, queryReplySchema, type QueryReply } from "@ems/contracts/engineering-queries";
import { z } from "zod";

/**
 * The customer's answer to an engineering query as the sheet's form posts it: the query, the
 * version it was read at, an offered answer and/or their own words, and the files uploaded for it.
 * Checked in the browser and in the route action with the API's own schema (`queryReplySchema`).
 */

/** The intent the sheets' actions answer the form under. */
export const QUERY_REPLY_INTENT = "queryReply";

/** The schema's own code for "choose an option or write an answer", worded by the form. */
export const ANSWER_REQUIRED = "ANSWER_REQUIRED";

/** The accepted files (the API's `query` purpose): images, PDFs, text and spreadsheets, zip archives. */
export const QUERY_ATTACHMENT_ACCEPT =
  ".png,.jpg,.jpeg,.pdf,.txt,.csv,.xlsx,.xls,.ods,.zip,image/png,image/jpeg,application/pdf,text/plain,text/csv";

const fields = z.object({
  query_id: z.uuid(),
  expected_version: z.number().int().min(1),
  option_index: z.number().int().min(0).optional(),
  body: z.string().optional(),
  attachment_ids: z.array(z.uuid()).max(QUERY_LIMITS.attachmentsMax).optional(),
});

export type QueryReplyForm = z.output<typeof fields>;

/** The API's body for the form. */
export function replyBodyOf(form: QueryReplyForm): QueryReply {
  const body = form.body?.trim() ?? "";
  return {
    expected_version: form.expected_version,
    ...(form.option_index === undefined ? {} : { option_index: form.option_index }),
    ...(body ? { body } : {}),
    attachment_ids: form.attachment_ids ?? [],
  };
}

export const queryReplyForm = fields.superRefine((form, ctx) => {
  const checked = queryReplySchema.safeParse(replyBodyOf(form));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const answerMissing = issue.code === "custom" && issue.path[0] === "body";
    ctx.addIssue({
      code: "custom",
      path: issue.path,
      message: answerMissing ? ANSWER_REQUIRED : issue.message,
    });
  }
});
