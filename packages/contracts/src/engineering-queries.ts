import { z } from "zod";
import { companyMembersWith, defineEndpoints, STAFF } from "./endpoints.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { multiLine, singleLine } from "./text.ts";

/**
 * Engineering queries (issue 21, the NPI log): a question the operator's engineers ask about one
 * version of an assembly or PCB specification, pinned to where it applies on the board, answered by
 * the customer. An order line built to a version with an open query waits at its data check.
 */

/**
 * open: waiting for the customer; answered: the customer replied, staff have not closed it yet;
 * closed: settled by staff; withdrawn: staff took the question back. Only `open` holds an order.
 */
export const QUERY_STATUSES = ["open", "answered", "closed", "withdrawn"] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** Statuses after which nothing more may be said on a query. */
export const FINAL_QUERY_STATUSES: readonly QueryStatus[] = ["closed", "withdrawn"];

/** One entry of a query's thread: the question, a reply, staff's closing or withdrawing note. */
export const QUERY_MESSAGE_KINDS = ["question", "reply", "closed", "withdrawn"] as const;
export type QueryMessageKind = (typeof QUERY_MESSAGE_KINDS)[number];

/** Who wrote a thread entry: the operator's staff or the customer's people. */
export const QUERY_SIDES = ["staff", "customer"] as const;
export type QuerySide = (typeof QUERY_SIDES)[number];

export const BOARD_SIDES = ["top", "bottom"] as const;
export type BoardSide = (typeof BOARD_SIDES)[number];

export const QUERY_LIMITS = {
  titleMax: 160,
  descriptionMax: 5_000,
  /** Answer options staff offer ("rotate D3 by 180°", "keep as is"); free text is always possible. */
  optionsMax: 6,
  optionMax: 200,
  replyMax: 5_000,
  designatorsMax: 50,
  designatorMax: 40,
  bomLinesMax: 50,
  pointsMax: 10,
  /** Files attached to one thread entry. */
  attachmentsMax: 10,
} as const;

/** A pinned spot on the board, in millimetres from the board's origin as the board view draws it. */
export interface QueryPoint {
  side: BoardSide;
  x_mm: number;
  y_mm: number;
}

/** Where a query applies: any of designators, BOM lines and board coordinates (none: the whole board). */
export interface QueryLocation {
  designators: string[];
  bom_line_ids: string[];
  points: QueryPoint[];
}

export const EMPTY_QUERY_LOCATION: QueryLocation = { designators: [], bom_line_ids: [], points: [] };

// Requests and answers (docs/api.md, "Engineering queries").

export const queryIdParamSchema = z.strictObject({ id: z.uuid() });

/**
 * A designator as the BOM and the placements name it ("R12", "U3A", "TP1"): one token without
 * spaces, separators or control characters; compared and stored upper-case.
 */
const designatorSchema = singleLine()
  .min(1, "must not be empty")
  .max(QUERY_LIMITS.designatorMax)
  .regex(/^[\p{L}\p{N}_.+#-]+$/u, "must be one designator (letters, digits, _ . + # -)");

/** Board coordinates are measured from the board's origin; nothing real is a metre off it. */
const COORDINATE_MAX_MM = 1_000;
const coordinate = z.number().finite().min(-COORDINATE_MAX_MM).max(COORDINATE_MAX_MM);

export const queryPointSchema = z
  .strictObject({ side: z.enum(BOARD_SIDES), x_mm: coordinate, y_mm: coordinate })
  .meta({ id: "EngineeringQueryPoint" });

const distinct =
  <T>(key: (item: T) => string) =>
  (items: readonly T[]) =>
    new Set(items.map(key)).size === items.length;

export const queryLocationSchema = z
  .strictObject({
    designators: z.array(designatorSchema).max(QUERY_LIMITS.designatorsMax).default([]),
    bom_line_ids: z
      .array(z.uuid())
      .max(QUERY_LIMITS.bomLinesMax)
      .refine(distinct(String), "a BOM line may appear once")
      .default([]),
    points: z.array(queryPointSchema).max(QUERY_LIMITS.pointsMax).default([]),
  })
  .meta({ id: "EngineeringQueryLocation" });

const attachmentIdsSchema = z
  .array(z.uuid())
  .max(QUERY_LIMITS.attachmentsMax, `at most ${QUERY_LIMITS.attachmentsMax} files`)
  .refine(distinct(String), "a file may be attached once")
  .default([]);

/** The `version` of the query the change was based on; another one answers 409 and writes nothing. */
const expectedVersionSchema = z.number().int().min(1);

/**
 * Staff raise a query on exactly one version of one of a customer's specifications. Designators
 * are taken upper-case and once each; every designator must be in the version's BOM or placements,
 * every BOM line in its BOM (a PCB version has neither: only points).
 */
export const queryRaiseSchema = z
  .strictObject({
    assembly_spec_version_id: z.uuid().optional(),
    pcb_spec_version_id: z.uuid().optional(),
    title: singleLine().min(1, "is required").max(QUERY_LIMITS.titleMax),
    description: multiLine().min(1, "is required").max(QUERY_LIMITS.descriptionMax),
    location: queryLocationSchema.default({ designators: [], bom_line_ids: [], points: [] }),
    options: z
      .array(singleLine().min(1, "must not be empty").max(QUERY_LIMITS.optionMax))
      .max(QUERY_LIMITS.optionsMax)
      .refine(
        distinct((option: string) => option.toLowerCase()),
        "each option may be offered once",
      )
      .default([]),
    /** Files of the customer company uploaded as `query` or `share`. */
    attachment_ids: attachmentIdsSchema,
  })
  .refine(
    (body) => (body.assembly_spec_version_id === undefined) !== (body.pcb_spec_version_id === undefined),
    {
      path: ["assembly_spec_version_id"],
      message: "name either an assembly_spec_version_id or a pcb_spec_version_id",
    },
  )
  .meta({ id: "EngineeringQueryRaise" });

/** The customer's answer: one of the offered options and/or words of their own, and files. */
export const queryReplySchema = z
  .strictObject({
    expected_version: expectedVersionSchema,
    option_index: z
      .number()
      .int()
      .min(0)
      .max(QUERY_LIMITS.optionsMax - 1)
      .optional(),
    body: multiLine().max(QUERY_LIMITS.replyMax).optional(),
    /** Files of the caller's company uploaded as `query` (or already in its file share). */
    attachment_ids: attachmentIdsSchema,
  })
  .refine((body) => body.option_index !== undefined || (body.body ?? "") !== "", {
    path: ["body"],
    message: "choose an option or write an answer",
  })
  .meta({ id: "EngineeringQueryReply" });

/** A comment staff add to the thread; the status stays as it is. */
export const queryStaffReplySchema = z
  .strictObject({
    expected_version: expectedVersionSchema,
    body: multiLine().min(1, "is required").max(QUERY_LIMITS.replyMax),
    attachment_ids: attachmentIdsSchema,
  })
  .meta({ id: "EngineeringQueryStaffReply" });

/** Closing or withdrawing, with an optional note the customer reads in the thread. */
export const querySettleSchema = z
  .strictObject({
    expected_version: expectedVersionSchema,
    note: multiLine().max(QUERY_LIMITS.replyMax).optional(),
  })
  .meta({ id: "EngineeringQuerySettle" });

export const QUERY_SORTS = ["created_at", "updated_at", "number"] as const;

const queryFilters = {
  status: z.enum(QUERY_STATUSES).optional(),
  /** Every version of one assembly (its BOM page marks the lines any of them pins). */
  assembly_spec_id: z.uuid().optional(),
  assembly_spec_version_id: z.uuid().optional(),
  pcb_spec_version_id: z.uuid().optional(),
};

/** `q` matches the number and the title. Newest first. */
export const queryListQuerySchema = listQuerySchema({
  sorts: QUERY_SORTS,
  defaultSort: "created_at",
  filters: queryFilters,
});

/** The back office's queue: every customer's, oldest first; `company` narrows to one. */
export const staffQueryListQuerySchema = listQuerySchema({
  sorts: QUERY_SORTS,
  defaultSort: "created_at",
  defaultDir: "asc",
  filters: { ...queryFilters, company: z.uuid().optional() },
});

/** What a query is about: one version of an assembly or a PCB specification. */
export const querySubjectSchema = z
  .object({
    kind: z.enum(["assembly", "pcb"]),
    spec_id: z.uuid(),
    version_id: z.uuid(),
    number: z.string(),
    version: z.number().int(),
    name: z.string(),
  })
  .meta({ id: "EngineeringQuerySubject" });

/** An order with lines built to the query's version, not completed or cancelled. */
export const queryOrderSchema = z
  .object({
    order_id: z.uuid(),
    number: z.string(),
    status: z.string(),
    /** The positions of its lines built to the version. */
    line_positions: z.array(z.number().int()),
  })
  .meta({ id: "EngineeringQueryOrder" });

export const queryAttachmentSchema = z
  .object({
    /** Download with GET /api/files/:id (customers) or /api/staff/files/:id (staff). */
    id: z.uuid(),
    name: z.string(),
    media_type: z.string(),
    size: z.number().int(),
    /** The file was deleted from the company's files since; it can no longer be downloaded. */
    deleted: z.boolean(),
  })
  .meta({ id: "EngineeringQueryAttachment" });

export const queryMessageSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(QUERY_MESSAGE_KINDS),
    side: z.enum(QUERY_SIDES),
    author_name: z.string(),
    /** The option chosen (index into `options`, and its text), on a customer's reply. */
    option_index: z.number().int().nullable(),
    option: z.string().nullable(),
    body: z.string().nullable(),
    attachments: z.array(queryAttachmentSchema),
    created_at: z.string(),
  })
  .meta({ id: "EngineeringQueryMessage" });

export const querySummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(QUERY_STATUSES),
    title: z.string(),
    subject: querySubjectSchema,
    company_id: z.uuid(),
    company_name: z.string(),
    raised_by_name: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    answered_at: z.string().nullable(),
    closed_at: z.string().nullable(),
    /** Whole days since it was raised (UTC calendar days). */
    age_days: z.number().int().min(0),
    /** Goes up with every change: send it back as `expected_version`. */
    version: z.number().int(),
    /** Orders built to the version; while the query is open they wait at their data check. */
    orders: z.array(queryOrderSchema),
    /** Where it applies: lists show it beside the parts and BOM lines it pins. */
    location: z.object({
      designators: z.array(z.string()),
      bom_line_ids: z.array(z.uuid()),
      points: z.array(z.object({ side: z.enum(BOARD_SIDES), x_mm: z.number(), y_mm: z.number() })),
    }),
  })
  .meta({ id: "EngineeringQuerySummary" });

export const queryDetailSchema = querySummarySchema
  .extend({
    description: z.string(),
    options: z.array(z.string()),
    /** The question first, then every reply and staff's closing or withdrawing note, oldest first. */
    messages: z.array(queryMessageSchema),
  })
  .meta({ id: "EngineeringQueryDetail" });

export const queryPageSchema = pageOf(querySummarySchema).meta({ id: "EngineeringQueryPage" });

/** The badges of the desk and the portal menu. */
export const queryCountsSchema = z
  .object({
    /** Waiting for the company's answer. */
    open: z.number().int().min(0),
    /** Answered, not yet closed by staff. */
    answered: z.number().int().min(0),
  })
  .meta({ id: "EngineeringQueryCounts" });

/** An open query an order waits for (OrderProgress.waiting_for_answer). */
export const queryHoldSchema = z
  .object({
    query_id: z.uuid(),
    number: z.string(),
    title: z.string(),
    /** The order's lines built to the query's version. */
    line_ids: z.array(z.uuid()),
  })
  .meta({ id: "EngineeringQueryHold" });

export type QueryRaise = z.infer<typeof queryRaiseSchema>;
export type QueryReply = z.infer<typeof queryReplySchema>;
export type QueryStaffReply = z.infer<typeof queryStaffReplySchema>;
export type QuerySettle = z.infer<typeof querySettleSchema>;
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;
export type StaffQueryListQuery = z.infer<typeof staffQueryListQuerySchema>;
export type QuerySubject = z.infer<typeof querySubjectSchema>;
export type QueryOrder = z.infer<typeof queryOrderSchema>;
export type QueryAttachment = z.infer<typeof queryAttachmentSchema>;
export type QueryMessage = z.infer<typeof queryMessageSchema>;
export type QuerySummary = z.infer<typeof querySummarySchema>;
export type QueryDetail = z.infer<typeof queryDetailSchema>;
export type QueryPage = z.infer<typeof queryPageSchema>;
export type QueryCounts = z.infer<typeof queryCountsSchema>;
export type QueryHold = z.infer<typeof queryHoldSchema>;

const read = companyMembersWith("company.read");
/** Those who keep the company's specifications answer questions about them. */
const answer = companyMembersWith("parts.manage");

export const engineeringQueryEndpoints = defineEndpoints("engineering-queries", {
  list: {
    method: "GET",
    path: "/api/engineering-queries",
    summary: "The company's engineering queries (getNPILog), newest first",
    description:
      "`status`, `assembly_spec_version_id` or `pcb_spec_version_id` narrow the list (one version's NPI log), `assembly_spec_id` to every version of one assembly; `q` matches the number and the title. Each query says where it applies (`location`).",
    access: read,
    query: queryListQuerySchema,
    response: queryPageSchema,
    caching: "private",
  },
  counts: {
    method: "GET",
    path: "/api/engineering-queries/counts",
    summary: "How many of the company's queries wait for its answer (the desk's and the menu's badge)",
    access: read,
    response: queryCountsSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/engineering-queries/:id",
    summary: "One query with its location, options, thread, attachments and the orders it holds",
    access: read,
    params: queryIdParamSchema,
    response: queryDetailSchema,
    errors: [404],
    caching: "private",
  },
  reply: {
    method: "POST",
    path: "/api/engineering-queries/:id/replies",
    summary: "Answers a query (npi_customer_reply): an option and/or text, with files",
    description:
      "An open query becomes answered, which releases the orders it held; an answered one takes further replies. A closed or withdrawn query, or an `expected_version` that is not the query's version, answers 409 and writes nothing. Attachments must be live files of the company uploaded as `query` (or in its file share): another company's file answers 404 on `attachment_ids.<i>`.",
    access: answer,
    params: queryIdParamSchema,
    body: queryReplySchema,
    response: queryDetailSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
});

export const staffEngineeringQueryEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/engineering-queries",
    summary: "Every customer's engineering queries, oldest first: the queue with age and held orders",
    access: STAFF,
    query: staffQueryListQuerySchema,
    response: queryPageSchema,
    caching: "private",
  },
  raise: {
    method: "POST",
    path: "/api/staff/engineering-queries",
    summary: "Raises a query on a version of a customer's assembly or PCB specification",
    description:
      "Numbered EQ-<year>-<serial>; the customer's people are mailed. A version, BOM line or file that does not exist (or is another company's) answers 404 naming the field; a designator the version's BOM and placements do not have 400 on `location.designators.<i>`.",
    access: STAFF,
    body: queryRaiseSchema,
    response: queryDetailSchema,
    created: true,
    errors: [404],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/engineering-queries/:id",
    summary: "Any company's query with its thread",
    access: STAFF,
    params: queryIdParamSchema,
    response: queryDetailSchema,
    errors: [404],
    caching: "private",
  },
  reply: {
    method: "POST",
    path: "/api/staff/engineering-queries/:id/replies",
    summary: "Adds staff's comment to the thread; the status stays",
    access: STAFF,
    params: queryIdParamSchema,
    body: queryStaffReplySchema,
    response: queryDetailSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
  close: {
    method: "POST",
    path: "/api/staff/engineering-queries/:id/close",
    summary: "Closes an open or answered query, with an optional note; the customer is mailed",
    description: "A stale `expected_version` or a closed or withdrawn query answers 409 and writes nothing.",
    access: STAFF,
    params: queryIdParamSchema,
    body: querySettleSchema,
    response: queryDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
  withdraw: {
    method: "POST",
    path: "/api/staff/engineering-queries/:id/withdraw",
    summary: "Withdraws an open or answered query, with an optional note",
    description: "A stale `expected_version` or a closed or withdrawn query answers 409 and writes nothing.",
    access: STAFF,
    params: queryIdParamSchema,
    body: querySettleSchema,
    response: queryDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
});
